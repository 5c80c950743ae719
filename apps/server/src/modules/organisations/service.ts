import type { Organisation } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { newId } from '../../platform/ids';
import { present } from '../../platform/resource-kit';
import { computePlan, PLAN_FACTS_COLUMN, readPlanFacts, startTrial } from '../billing';
import type { FileStorage } from '../../platform/storage/storage';
import { presentOptions, presentPreboarding } from '../organisation-setup';

const ORGANISATION_COLUMNS = `o.id, o.slug, o.name, o.ids, o.options, o.preboarding, o.waived,
  o.created_at, o.updated_at, organisation_seats_used(o.id) AS seats_used, ${PLAN_FACTS_COLUMN}`;

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

/** The plan is computed from its trial, subscription and invoices by the billing module. */
export function presentOrganisation(
  row: Record<string, unknown>,
  storage?: Pick<FileStorage, 'signedUrl'>,
): Organisation {
  const { plan_facts, waived, seats_used, ...rest } = present(row);
  return {
    ...(rest as unknown as Omit<Organisation, '_id' | 'plan'>),
    _id: rest.id,
    options: presentOptions(rest.options, storage),
    preboarding: presentPreboarding(rest.preboarding),
    plan: computePlan(readPlanFacts(plan_facts), {
      waived: Boolean(waived),
      seatsUsed: Number(seats_used ?? 0),
    }),
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
  // Two organisations of one name registered at once would both pick the same free slug, and the
  // second would fail on the unique index: the choice is made one at a time per name (the lock
  // lasts until the transaction ends, so past the INSERT).
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('organisation-slug:' || $1))`, [base]);
  const { rows: taken } = await db.query<{ slug: string }>(
    `SELECT slug FROM organisations WHERE slug = $1 OR slug LIKE $2`,
    [base, `${base}-%`],
  );
  const used = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;

  const id = newId();
  await db.query(`INSERT INTO organisations (id, slug, name) VALUES ($1, $2, $3)`, [
    id,
    slug,
    name,
  ]);
  await startTrial(db, id);
  await db.query(
    `INSERT INTO memberships (id, organisation_id, user_id, role, owner, active)
     VALUES ($1, $2, $3, 'ADMIN', true, true)`,
    [newId(), id, userId],
  );
  const [organisation] = await listOrganisations(db, [id]);
  return organisation!;
}
