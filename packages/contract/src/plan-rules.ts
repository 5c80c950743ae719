// Rules the web app's shell runs on every page. Kept apart from billing.ts: a module is never
// split across chunks, so a shell import of billing.ts carried all of its zod schemas (and zod)
// into the first load.
import { PAYMENT_OVERDUE_DAYS, type PlanStatus } from './enums';

/** What the overdue rule needs of Organisation.plan. */
export interface OverdueFacts {
  status: PlanStatus;
  overdue_ignored_until: string | null;
  subscription: { outstanding_invoices: { longest_overdue_by_days: number } } | null;
}

/**
 * Platform §4: "Overdue" means active, with longest_overdue_by_days of 30 or more, and
 * overdue_ignored_until not in the future.
 */
export function isPlanOverdue(plan: OverdueFacts, now: Date = new Date()): boolean {
  if (plan.status !== 'ACTIVE') return false;
  const days = plan.subscription?.outstanding_invoices.longest_overdue_by_days ?? 0;
  if (days < PAYMENT_OVERDUE_DAYS) return false;
  if (plan.overdue_ignored_until && new Date(plan.overdue_ignored_until) > now) return false;
  return true;
}
