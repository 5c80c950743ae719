import { MAX_PAGE_SIZE, type ListResponse } from '@fieldwork/contract';
import { badRequest } from '../errors';
import type { OrganisationContext } from '../http/context';
import type { ParsedListQuery } from '../list-query/parse';
import type { ResourceDeclaration, Row } from './declaration';
import { withChildren } from './children';
import { policyOf } from './policy';
import { presentRecord } from './present';
import {
  keyIn,
  keySql,
  listStatements,
  quote,
  TOTAL_COLUMN,
  orderClause,
  Params,
  selectList,
  sumSelect,
  visibilitySql,
  whereClause,
} from './sql';

const STREAM_CHUNK = 500;
const STREAM_PIECE = 100;
/** Above this many matches a search's page reads rows in list order (measured: docs/benchmarks.md). */
const SEARCH_IDS_MAX_MATCHES = 1000;

/** Scoped reads of one declared resource: every statement is bound to ctx.organisationId. */
export function reader(declaration: ResourceDeclaration) {
  const from = `${declaration.table} t`;
  const select = selectList(declaration);
  const policy = declaration.policy ? policyOf(declaration) : null;
  const collection = policyOf(declaration).collectionPermissions;
  const presentAll = async (ctx: OrganisationContext, rows: Row[]) => {
    let presented = await withChildren(
      ctx,
      declaration,
      rows.map((row) => presentRecord(declaration, row, ctx)),
    );
    if (declaration.finish && presented.length)
      presented = await declaration.finish(ctx, presented);
    if (policy && presented.length) {
      // What the caller may do with each record, so the web app shows only what it may.
      const can = await policy.permissionsOf(
        ctx,
        presented.map((row) => row.id),
      );
      for (const row of presented) row.permissions = can(row.id);
    }
    return presented;
  };

  async function findMany(
    ctx: OrganisationContext,
    ids: string[],
    options: { withDeleted?: boolean } = {},
  ) {
    if (ids.length === 0) return [];
    const live = declaration.softDelete && !options.withDeleted ? ' AND t.deleted_at IS NULL' : '';
    const params = new Params();
    // A path id may name the record by an alternate key (a member by membership id): each row
    // carries those columns for the lookup, dropped before it is presented.
    const alternates = declaration.key?.alternates ?? [];
    const match = [keyIn(declaration, params, ids)];
    const ref = alternates.length ? params.add(ids) : '';
    for (const column of alternates) match.push(`t.${quote(column)} = ANY(${ref}::text[])`);
    const { rows } = await ctx.db.query<Row>(
      `SELECT ${select}${alternates.map((column, i) => `, t.${quote(column)} AS "__alt${i}"`).join('')} FROM ${from}
        WHERE t.organisation_id = ${params.add(ctx.organisationId)} AND (${match.join(' OR ')})${live}${visibilitySql(declaration, ctx, params)}`,
      params.values,
    );
    const named = new Map<string, string>();
    for (const row of rows) {
      alternates.forEach((_, i) => {
        named.set(String(row[`__alt${i}`]), row.id);
        delete row[`__alt${i}`];
      });
    }
    const byId = new Map((await presentAll(ctx, rows)).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? byId.get(named.get(id) ?? '') ?? []);
  }

  /** Unknown relations are a 400 before any work is done. */
  function checkExpand(names: string[]) {
    const unknown = names.find((name) => !declaration.expand?.[name]);
    if (unknown) {
      const known = Object.keys(declaration.expand ?? {}).join(', ') || 'none';
      throw badRequest(`Unknown expand "${unknown}". Expandable: ${known}.`, 'unknown_expand');
    }
  }

  /**
   * Every name and value of a list query checked before any work is done, so that a streamed
   * answer (page=all, select options) fails with the same 400 as a paged list, before its
   * headers are sent.
   */
  function checkQuery(
    ctx: OrganisationContext,
    query: Pick<ParsedListQuery, 'filters' | 'sort' | 'sum' | 'expand'>,
  ) {
    checkExpand(query.expand);
    whereClause(declaration, query, new Params(), ctx);
    orderClause(declaration, query);
    if (query.sum.length) sumSelect(declaration, query.sum);
  }

  async function expandRows(ctx: OrganisationContext, rows: Row[], names: string[]) {
    checkExpand(names);
    for (const name of names) {
      const value = await declaration.expand![name]!.load(ctx, rows);
      for (const row of rows) row[name] = value(row);
    }
    return rows;
  }

  /** One page of matches with the meta envelope; page=all goes through streamList instead. */
  async function list(
    ctx: OrganisationContext,
    query: ParsedListQuery,
  ): Promise<ListResponse<Row>> {
    checkExpand(query.expand);
    const page = query.page.all ? { number: 1, size: MAX_PAGE_SIZE } : query.page;
    const { rows, total, totals } = await pageAndTotal(ctx, query, page);
    const data = await expandRows(ctx, await presentAll(ctx, rows), query.expand);
    const response: ListResponse<Row> = {
      data,
      meta: {
        total,
        current_page: page.number,
        per_page: page.size,
        last_page: Math.max(1, Math.ceil(total / page.size)),
        permissions: collection(ctx),
      },
    };
    if (query.withIds) response.ids = await matchingIds(ctx, query);
    if (query.sum.length) {
      const { __total: _, ...sumValues } = totals ?? {};
      response.sums = sumValues;
    }
    return response;
  }

  /**
   * The page's rows and the number of matches: in one statement where it can (no sums, no
   * search), else the count (and sums) first, then the page.
   */
  async function pageAndTotal(
    ctx: OrganisationContext,
    query: ParsedListQuery,
    page: { number: number; size: number },
  ): Promise<{ rows: Row[]; total: number; totals?: Record<string, number> }> {
    const statements = listStatements(declaration, query, ctx, page);
    const combined = query.filters.has('search') ? undefined : statements.pageWithTotal;
    if (combined) {
      const { rows } = await ctx.db.query<Row>(combined.text, combined.values);
      // An empty page beyond the first says nothing about the matches before it: count them.
      if (!rows.length && page.number > 1) {
        const counted = await ctx.db.query<Record<string, number>>(
          statements.count.text,
          statements.count.values,
        );
        return { rows, total: counted.rows[0]?.__total ?? 0 };
      }
      const total = Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
      for (const row of rows) delete row[TOTAL_COLUMN];
      return { rows, total };
    }
    const counted = await ctx.db.query<Record<string, number>>(
      statements.count.text,
      statements.count.values,
    );
    const total = counted.rows[0]?.__total ?? 0;
    // A search matching many rows fills its page sooner by reading rows in list order than by
    // collecting every match first (see SearchMatch).
    const pageStatement =
      query.filters.has('search') && total > SEARCH_IDS_MAX_MATCHES
        ? listStatements(declaration, query, ctx, page, 'scan').page
        : statements.page;
    const { rows } = await ctx.db.query<Row>(pageStatement.text, pageStatement.values);
    return { rows, total, totals: counted.rows[0] };
  }

  async function matchingIds(
    ctx: OrganisationContext,
    query: Pick<ParsedListQuery, 'filters' | 'sort'>,
  ) {
    const params = new Params();
    const where = whereClause(declaration, query, params, ctx);
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT ${keySql(declaration)} AS id FROM ${from} WHERE ${where} ORDER BY ${orderClause(declaration, query)}`,
      params.values,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Every match, read through a cursor a chunk at a time, so memory stays flat however many rows
   * match. Must run inside the request's transaction (cursors live as long as it does). The
   * query is checked at the call, before the first chunk is asked for.
   */
  function streamRows(ctx: OrganisationContext, query: ParsedListQuery): AsyncGenerator<Row[]> {
    checkQuery(ctx, query);
    return rowChunks(ctx, query);
  }

  async function* rowChunks(
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
        yield await expandRows(ctx, await presentAll(ctx, rows), query.expand);
      }
    } finally {
      await next.catch(() => undefined);
      await ctx.db.query(`CLOSE ${cursor}`).catch(() => undefined);
    }
  }

  /**
   * page=all as a JSON stream: {"data":[...],"meta":{...}} without holding the rows. The query is
   * checked at the call, so a bad one is a 400 before the stream starts.
   */
  function streamList(ctx: OrganisationContext, query: ParsedListQuery): AsyncGenerator<string> {
    checkQuery(ctx, query);
    return listChunks(ctx, query);
  }

  async function* listChunks(
    ctx: OrganisationContext,
    query: ParsedListQuery,
  ): AsyncGenerator<string> {
    const sums = query.sum.length ? await sumsOf(ctx, query) : null;
    const ids = query.withIds ? await matchingIds(ctx, query) : null;
    let count = 0;
    yield '{"data":[';
    for await (const rows of rowChunks(ctx, query)) {
      // Pieces well under V8's large-object size (128 KB) stay in the young generation.
      for (let at = 0; at < rows.length; at += STREAM_PIECE) {
        const piece = rows.slice(at, at + STREAM_PIECE);
        yield (count ? ',' : '') + JSON.stringify(piece).slice(1, -1);
        count += piece.length;
      }
    }
    const meta = {
      total: count,
      current_page: 1,
      per_page: Math.max(count, 1),
      last_page: 1,
      permissions: collection(ctx),
    };
    yield `],"meta":${JSON.stringify(meta)}`;
    if (ids) yield `,"ids":${JSON.stringify(ids)}`;
    if (sums) yield `,"sums":${JSON.stringify(sums)}`;
    yield '}';
  }

  /** How many rows the caller sees match the filters: one count(*), no row read or presented. */
  async function count(
    ctx: OrganisationContext,
    query: Pick<ParsedListQuery, 'filters'>,
  ): Promise<number> {
    const params = new Params();
    const where = whereClause(declaration, query, params, ctx);
    const { rows } = await ctx.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
      params.values,
    );
    return rows[0]?.total ?? 0;
  }

  async function sumsOf(ctx: OrganisationContext, query: ParsedListQuery) {
    const params = new Params();
    const where = whereClause(declaration, query, params, ctx);
    const { rows } = await ctx.db.query<Record<string, number>>(
      `SELECT ${sumSelect(declaration, query.sum)} FROM ${from} WHERE ${where}`,
      params.values,
    );
    return rows[0] ?? {};
  }

  /** Every match of plain filters, in list order: a whole list read inside a request. */
  async function all(ctx: OrganisationContext, filters: Record<string, string[]> = {}) {
    const query: ParsedListQuery = {
      filters: new Map(Object.entries(filters)),
      expand: [],
      sort: [],
      page: { all: true },
      withIds: false,
      sum: [],
    };
    const rows: Row[] = [];
    for await (const chunk of streamRows(ctx, query)) rows.push(...chunk);
    return rows;
  }

  return {
    all,
    collectionPermissions: collection,
    findMany,
    checkQuery,
    count,
    expandRows,
    list,
    matchingIds,
    streamRows,
    streamList,
  };
}

export type Reader = ReturnType<typeof reader>;
