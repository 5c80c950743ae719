/** Enumerations and constants of spec/platform.md and spec/field-work.md, used verbatim. */
export const ROLES = ['ADMIN', 'MANAGER', 'OPERATIVE', 'GUEST'] as const;
export type Role = (typeof ROLES)[number];

/** Rank order for at-least-role comparisons: a higher number may do everything a lower one may. */
export const ROLE_RANK: Record<Role, number> = { ADMIN: 4, MANAGER: 3, OPERATIVE: 2, GUEST: 1 };

export const PLAN_STATUSES = [
  'NO_SUBSCRIPTION',
  'TRIAL',
  'TRIAL_ENDED',
  'ACTIVE',
  'ENDED',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const ENVIRONMENTS = ['local', 'sandbox', 'staging', 'demo', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const LOCAL_BACKEND_PORT = 3333;
export const TRIAL_LENGTH_DAYS = 14;
export const SEAT_PRICE_PER_MONTH = 3600;
export const TAX_RATE_PERCENT = 20;
export const PAYMENT_OVERDUE_DAYS = 30;
export const CLOCK_SKEW_WARNING_MS = 60_000;
export const TOKEN_STALE_AFTER_MS = 60_000;
export const MIGRATION_RELOAD_DELAY_MS = 500;
