import type { AuditAction, BulkFailure } from '@fieldwork/contract';
import { recordAuditEntries } from '../../audit';
import type { OrganisationContext } from '../../http/context';
import type { ResourceDeclaration } from '../declaration';
import { Params, quote } from '../sql';
import { notFoundReason } from '../writer';

interface Placed {
  id: string;
  listed: boolean;
  before: unknown;
  after: unknown;
}

/**
 * Places rows of an ordered resource at a position of their sibling group, shifting the siblings
 * themselves, in the caller's transaction: the rows (in the order given) go to `index` (clamped
 * to the group's end) of the group they are in, or of the group `moveTo` names (e.g. another
 * section); the siblings keep their order around them, and a group a row left closes its gap.
 * Every row whose position or group changed gets an audit entry with its images before and
 * after: the rows given with `action` (null: the caller audits them, e.g. as just uploaded), the
 * shifted siblings as REORDER. Ids that are not this organisation's live records fail.
 */
export function placer(declaration: ResourceDeclaration) {
  const order = declaration.order;
  if (!order) throw new Error(`${declaration.name} declares no order`);
  const { table } = declaration;
  const collection = declaration.auditCollection ?? declaration.name;
  const column = quote(order.column);
  const group = (order.groupBy ?? []).map(quote);
  const live = (alias: string) =>
    declaration.softDelete ? ` AND ${alias}.deleted_at IS NULL` : '';
  const partition = (alias: string) =>
    group.length ? group.map((c) => `${alias}.${c}`).join(', ') : '1';
  const sameGroup = (a: string, b: string) =>
    group.map((c) => ` AND ${a}.${c} IS NOT DISTINCT FROM ${b}.${c}`).join('');

  return async function place(
    ctx: OrganisationContext,
    requested: string[],
    index: number,
    action: AuditAction | null = 'REORDER',
    moveTo?: Record<string, unknown>,
  ): Promise<{ done: string[]; failed: BulkFailure[] }> {
    const ids = [...new Set(requested)];
    const { rows: before } = await ctx.db.query<{ id: string; image: unknown }>(
      `SELECT t.id, to_jsonb(t) AS image FROM ${table} t
        WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])${live('t')}`,
      [ctx.organisationId, ids],
    );
    const images = new Map(before.map((row) => [row.id, row.image]));
    const found = ids.filter((id) => images.has(id));
    const failed = ids
      .filter((id) => !images.has(id))
      .map((id) => ({ id, ...notFoundReason(declaration.label) }));
    if (!found.length) return { done: [], failed };
    if (moveTo && Object.keys(moveTo).length) {
      const params = new Params();
      const sets = Object.entries(moveTo).map(([c, v]) => `${quote(c)} = ${params.add(v)}`);
      await ctx.db.query(
        `UPDATE ${table} t SET ${sets.join(', ')}, updated_at = now()
          WHERE t.organisation_id = ${params.add(ctx.organisationId)}
            AND t.id = ANY(${params.add(found)}::text[])`,
        params.values,
      );
    }
    // The groups to renumber: those the rows are in now, and those they were in.
    const { rows } = await ctx.db.query<Placed>(
      `WITH listed AS (
         SELECT t.id, o.position FROM ${table} t
           JOIN unnest($2::text[]) WITH ORDINALITY AS o (id, position) ON o.id = t.id
          WHERE t.organisation_id = $1),
       groups AS (
         SELECT ${group.length ? group.map((c) => `t.${c}`).join(', ') : '1 AS one'}
           FROM ${table} t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])
         UNION
         SELECT ${group.length ? group.map((c) => `b.${c}`).join(', ') : '1 AS one'}
           FROM jsonb_populate_recordset(NULL::${table}, $4::jsonb) b),
       siblings AS (
         SELECT s.id, l.position, l.id IS NOT NULL AS listed, to_jsonb(s) AS before${group.map((c) => `, s.${c}`).join('')},
                s.${column} AS current,
                row_number() OVER (PARTITION BY ${partition('s')}, l.id IS NULL
                                   ORDER BY s.${column}, s.id) - 1 AS unlisted_rank
           FROM ${table} s LEFT JOIN listed l ON l.id = s.id
          WHERE s.organisation_id = $1${live('s')}
            AND EXISTS (SELECT 1 FROM groups g WHERE true${sameGroup('s', 'g')})),
       ranked AS (
         SELECT s.id, s.listed, s.before, s.current,
                row_number() OVER (
                  PARTITION BY ${partition('s')}
                  ORDER BY CASE WHEN s.listed THEN 1 WHEN s.unlisted_rank < $3 THEN 0 ELSE 2 END,
                           CASE WHEN s.listed THEN s.position ELSE s.unlisted_rank END) - 1 AS position
           FROM siblings s)
       UPDATE ${table} t SET ${column} = r.position, updated_at = now()
         FROM ranked r
        WHERE t.organisation_id = $1 AND t.id = r.id
          AND (r.listed OR r.current IS DISTINCT FROM r.position)
       RETURNING t.id, r.listed, r.before, to_jsonb(t) AS after`,
      [ctx.organisationId, found, index, JSON.stringify([...images.values()])],
    );
    const listed = rows.filter((row) => row.listed);
    const entries = (placed: Placed[]) =>
      placed.map((row) => ({
        documentId: row.id,
        changes: row.listed ? { index, ...moveTo } : null,
        // A moved row's image from before the move, not from between the move and the renumbering.
        before: images.get(row.id) ?? row.before,
        after: row.after,
      }));
    if (action) await recordAuditEntries(ctx, collection, action, entries(listed));
    await recordAuditEntries(
      ctx,
      collection,
      'REORDER',
      entries(rows.filter((row) => !row.listed)),
    );
    const done = new Set(listed.map((row) => row.id));
    return { done: found.filter((id) => done.has(id)), failed };
  };
}
