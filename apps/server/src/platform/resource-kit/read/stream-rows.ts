import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { Row } from '../declaration';
import { orderClause, Params, whereClause } from '../sql';
import { checkQuery } from './check';
import { expandRows } from './expand-rows';
import type { ReadScope } from './scope';

const STREAM_CHUNK = 500;

/**
 * Every match, read through a cursor a chunk at a time, so memory stays flat however many rows
 * match. Must run inside the request's transaction (cursors live as long as it does). The
 * query is checked at the call, before the first chunk is asked for.
 */
export function streamRows(
  scope: ReadScope,
  ctx: OrganisationContext,
  query: ParsedListQuery,
): AsyncGenerator<Row[]> {
  checkQuery(scope.declaration, ctx, query);
  return rowChunks(scope, ctx, query);
}

/** streamRows without the check: for callers that checked the query already. */
export async function* rowChunks(
  { declaration, from, select, presentAll }: ReadScope,
  ctx: OrganisationContext,
  query: ParsedListQuery,
): AsyncGenerator<Row[]> {
  const params = new Params();
  const where = whereClause(declaration, query, params, ctx);
  const cursor = `list_${Math.random().toString(36).slice(2)}`;
  await ctx.db.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${orderClause(declaration, query)}`,
    params.values,
  );
  const fetchChunk = () => {
    const fetching = ctx.db.query<Row>(`FETCH ${STREAM_CHUNK} FROM ${cursor}`);
    // A fetch that fails while the previous chunk is still being sent is awaited only later:
    // marked handled now, it cannot surface as an unhandled rejection meanwhile.
    fetching.catch(() => undefined);
    return fetching;
  };
  let next = fetchChunk();
  try {
    for (;;) {
      const { rows } = await next;
      if (rows.length === 0) return;
      // The database reads the next chunk while this one is presented and sent.
      next = fetchChunk();
      yield await expandRows(declaration, ctx, await presentAll(ctx, rows), query.expand);
    }
  } finally {
    await next.catch(() => undefined);
    await ctx.db.query(`CLOSE ${cursor}`).catch(() => undefined);
  }
}
