import { TRIAL_LENGTH_DAYS, type Organisation, type PlanStatus } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { newId } from '../../platform/ids';
import { present } from '../../platform/resource-kit/present';
import type { FileStorage } from '../../platform/storage/storage';
import { presentOptions } from '../organisation-setup/options';
import { presentPreboarding } from '../organisation-setup/preboarding';

const ORGANISATION_COLUMNS = `o.id, o.slug, o.name, o.ids, o.options, o.preboarding, o.trial_started_at,
  o.trial_ends_at, o.waived, o.created_at, o.updated_at,
  organisation_seats_used(o.id) AS seats_used`;

/** With storage, the options' files carry signed links (a new organisation has none yet). */
export async function listOrganisations(
  db: Queryable,
  ids: string[],
  storage?: Pick<FileStorage, 'signedUrl'>,
): Promise<Organisation[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${ORGANISATION_COLUMNS} FROM organisations o WHERE o.id = ANY($1::text[]) ORDER BY o.name`,
    [ids],
  );
  return rows.map((row) => presentOrganisation(row, storage));
}

/**
 * Until billing arrives an organisation is on its trial: TRIAL while it runs, TRIAL_ENDED after.
 * Seats during a trial are the active non-guest members.
 */
export function presentOrganisation(
  row: Record<string, unknown>,
  storage?: Pick<FileStorage, 'signedUrl'>,
): Organisation {
  const { trial_started_at, trial_ends_at, waived, seats_used, ...rest } = present(row);
  const trialEnds = trial_ends_at ? new Date(trial_ends_at as string) : null;
  const status: PlanStatus = !trialEnds
    ? 'NO_SUBSCRIPTION'
    : trialEnds > new Date()
      ? 'TRIAL'
      : 'TRIAL_ENDED';
  const used = Number(seats_used ?? 0);
  return {
    ...(rest as unknown as Omit<Organisation, '_id' | 'plan'>),
    _id: rest.id,
    options: presentOptions(rest.options, storage),
    preboarding: presentPreboarding(rest.preboarding),
    plan: {
      status,
      waived: Boolean(waived),
      can_edit_seats: false,
      trial_id: trial_started_at ? rest.id : null,
      subscription_id: null,
      overdue_ignored_until: null,
      seats: { total: used, used, available: 0 },
      customer_success_manager: null,
      subscription: null,
    },
  };
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base || 'organisation';
}

/** Creates the organisation with a running trial; its creator becomes an active ADMIN owner. */
export async function registerOrganisation(
  db: Queryable,
  userId: string,
  name: string,
): Promise<Organisation> {
  const base = slugify(name);
  const { rows: taken } = await db.query<{ slug: string }>(
    `SELECT slug FROM organisations WHERE slug = $1 OR slug LIKE $2`,
    [base, `${base}-%`],
  );
  const used = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;

  const id = newId();
  await db.query(
    `INSERT INTO organisations (id, slug, name, trial_started_at, trial_ends_at)
     VALUES ($1, $2, $3, now(), now() + make_interval(days => $4))`,
    [id, slug, name, TRIAL_LENGTH_DAYS],
  );
  await db.query(
    `INSERT INTO memberships (id, organisation_id, user_id, role, owner, active)
     VALUES ($1, $2, $3, 'ADMIN', true, true)`,
    [newId(), id, userId],
  );
  const [organisation] = await listOrganisations(db, [id]);
  return organisation!;
}
