import {
  isPlanOverdue,
  TRIAL_LENGTH_DAYS,
  type Organisation,
  type PlanStatus,
  type SubscriptionStatus,
} from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { newId } from '../../platform/ids';
import { clockAt, DAY_MS, wholeDaysBetween } from './clock';

export { isPlanOverdue };

export type Plan = Organisation['plan'];

/** What a plan is computed from: the answer of the SQL function organisation_plan_facts. */
export interface PlanFacts {
  trial_id: string | null;
  trial_started_at: string | null;
  trial_ended_at: string | null;
  subscription_id: string | null;
  subscription_status: SubscriptionStatus | null;
  subscription_seats: number | null;
  oldest_open_due_date: string | null;
  outstanding_total: number;
  outstanding_count: number;
  overdue_ignored_until: string | null;
  customer_success_manager: { name: string; email: string } | null;
  clock_offset_seconds: number;
}

export const NO_FACTS: PlanFacts = {
  trial_id: null,
  trial_started_at: null,
  trial_ended_at: null,
  subscription_id: null,
  subscription_status: null,
  subscription_seats: null,
  oldest_open_due_date: null,
  outstanding_total: 0,
  outstanding_count: 0,
  overdue_ignored_until: null,
  customer_success_manager: null,
  clock_offset_seconds: 0,
};

/**
 * A column expression (over `organisations o`) carrying the plan facts as JSON, so any query of
 * organisations can present their plans in the same statement.
 */
export const PLAN_FACTS_COLUMN = `(SELECT to_jsonb(f) FROM organisation_plan_facts(o.id) f) AS plan_facts`;

/** Normalises the JSON of PLAN_FACTS_COLUMN (timestamps as ISO strings, numbers as numbers). */
export function readPlanFacts(value: unknown): PlanFacts {
  if (!value || typeof value !== 'object') return NO_FACTS;
  const raw = value as Record<string, unknown>;
  const time = (key: string) => (raw[key] ? new Date(raw[key] as string).toISOString() : null);
  return {
    trial_id: (raw.trial_id as string | null) ?? null,
    trial_started_at: time('trial_started_at'),
    trial_ended_at: time('trial_ended_at'),
    subscription_id: (raw.subscription_id as string | null) ?? null,
    subscription_status: (raw.subscription_status as SubscriptionStatus | null) ?? null,
    subscription_seats:
      raw.subscription_seats === null || raw.subscription_seats === undefined
        ? null
        : Number(raw.subscription_seats),
    oldest_open_due_date: time('oldest_open_due_date'),
    outstanding_total: Number(raw.outstanding_total ?? 0),
    outstanding_count: Number(raw.outstanding_count ?? 0),
    overdue_ignored_until: time('overdue_ignored_until'),
    customer_success_manager:
      (raw.customer_success_manager as PlanFacts['customer_success_manager']) ?? null,
    clock_offset_seconds: Number(raw.clock_offset_seconds ?? 0),
  };
}

/** The organisation's billing clock, from its facts. */
export const planNow = (facts: PlanFacts): Date => clockAt(facts.clock_offset_seconds);

export function planStatus(facts: PlanFacts, now: Date): PlanStatus {
  switch (facts.subscription_status) {
    case 'active':
    case 'past_due':
      return 'ACTIVE';
    case 'canceled':
      return 'ENDED';
    case 'incomplete':
    case null:
      if (!facts.trial_ended_at) return 'NO_SUBSCRIPTION';
      return new Date(facts.trial_ended_at) > now ? 'TRIAL' : 'TRIAL_ENDED';
  }
}

/** Whole days since the oldest open invoice fell due (0 when none has). */
export function longestOverdueByDays(facts: PlanFacts, now: Date): number {
  return facts.oldest_open_due_date
    ? wholeDaysBetween(new Date(facts.oldest_open_due_date), now)
    : 0;
}

/**
 * Organisation.plan (platform §3, §4) from real rows: the trial ends by itself when its end
 * passes (no job runs); seats used are the active non-guest members, seats total the subscribed
 * seats (during a trial or without a subscription, the seats in use).
 */
export function computePlan(
  facts: PlanFacts,
  organisation: { waived: boolean; seatsUsed: number },
  now: Date = planNow(facts),
): Plan {
  const status = planStatus(facts, now);
  const used = organisation.seatsUsed;
  const total = status === 'ACTIVE' ? (facts.subscription_seats ?? used) : used;
  return {
    status,
    waived: organisation.waived,
    can_edit_seats: status === 'ACTIVE',
    trial_id: facts.trial_id,
    // When the trial ends by the wall clock (the ledger's test clock may run ahead of it).
    trial_ends_at: facts.trial_ended_at
      ? new Date(
          new Date(facts.trial_ended_at).getTime() - facts.clock_offset_seconds * 1000,
        ).toISOString()
      : null,
    subscription_id: facts.subscription_id,
    overdue_ignored_until: facts.overdue_ignored_until,
    seats: { total, used, available: Math.max(0, total - used) },
    customer_success_manager: facts.customer_success_manager,
    subscription: facts.subscription_id
      ? { outstanding_invoices: { longest_overdue_by_days: longestOverdueByDays(facts, now) } }
      : null,
  };
}

/** The plan of one organisation, read in the request's scope or across (the facts function). */
export async function loadPlan(db: Queryable, organisationId: string): Promise<Plan> {
  const { rows } = await db.query<{ plan_facts: unknown; waived: boolean; seats_used: number }>(
    `SELECT ${PLAN_FACTS_COLUMN}, o.waived, organisation_seats_used(o.id) AS seats_used
       FROM organisations o WHERE o.id = $1`,
    [organisationId],
  );
  const row = rows[0];
  if (!row) throw new Error(`No organisation ${organisationId}`);
  return computePlan(readPlanFacts(row.plan_facts), {
    waived: row.waived,
    seatsUsed: Number(row.seats_used),
  });
}

/**
 * Starts a new organisation's 14-day trial. The organisation is taken as the transaction's scope
 * for the write (its creator is registering it, so nothing else is in scope yet).
 */
export async function startTrial(db: Queryable, organisationId: string, now = new Date()) {
  await db.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
  const id = newId();
  await db.query(
    `INSERT INTO trials (id, organisation_id, started_at, ended_at) VALUES ($1, $2, $3, $4)`,
    [id, organisationId, now, new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS)],
  );
  return id;
}
