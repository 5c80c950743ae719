import {
  CHANGELOG_MAX_PAGE_SIZE,
  CHANGELOG_PAGE_SIZE,
  CHANGELOG_STATUSES,
  type Changelog,
  type ChangelogList,
  type ChangelogStatus,
} from '@fieldwork/contract';
import { isSupportStaff } from '../../platform/auth/support';
import { badRequest, notFound } from '../../platform/errors';
import type { UserContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { checkListQuery } from '../../platform/list-query/check';
import { parseListQuery } from '../../platform/list-query/parse';
import { present } from '../../platform/resource-kit';
import { presentImage, type StoredImageRecord } from '../organisation-setup';
import { renderMarkdown, sanitiseVideoEmbed } from './markdown';

/*
 * Changelogs: product news every signed-in user reads (published ones) and support staff write.
 * Each user's last view of each changelog is a changelog_views row, which row-level security
 * keeps to its user. Lists are one page of one query, the user's views joined in.
 */

export const EXPANDS = ['viewed', 'content_html'] as const;
/** The list grammar GET /changelogs takes: newest first always, so no sorts, nothing to sum. */
export const CHANGELOG_LIST = {
  filters: ['status', 'tag'],
  sorts: [],
  expands: [...EXPANDS],
  sums: [],
};
type Expand = (typeof EXPANDS)[number];

const SELECT = `SELECT c.id, c.title, to_char(c.date, 'YYYY-MM-DD') AS date, c.icon, c.tag, c.content,
         c.status, c.hero, c.video_embed_html, c.published_at, c.created_at, c.updated_at,
         v.last_viewed_at AS last_viewed_at_by_user
    FROM changelogs c
    LEFT JOIN changelog_views v ON v.changelog_id = c.id AND v.user_id = $1`;
const ORDER = 'ORDER BY c.date DESC, c.created_at DESC, c.id DESC';

interface ChangelogRow {
  id: string;
  title: string;
  date: string;
  icon: string | null;
  tag: string | null;
  content: string;
  status: ChangelogStatus;
  hero: StoredImageRecord | null;
  video_embed_html: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  last_viewed_at_by_user: string | null;
}

function presentChangelog(ctx: UserContext, row: ChangelogRow, expand: Expand[]): Changelog {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    icon: row.icon,
    tag: row.tag,
    content: row.content,
    status: row.status,
    files: { hero: row.hero ? presentImage(ctx.services.storage, row.hero) : null },
    videoEmbedHtml: row.video_embed_html,
    published_at: row.published_at,
    last_viewed_at_by_user: row.last_viewed_at_by_user,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(expand.includes('viewed') ? { viewed: row.last_viewed_at_by_user !== null } : {}),
    ...(expand.includes('content_html') ? { content_html: renderMarkdown(row.content) } : {}),
  };
}

const rowsOf = (rows: Record<string, unknown>[]) =>
  rows.map((row) => present(row) as unknown as ChangelogRow);

/** Support staff see drafts; everyone else only what is published. */
export const seesDrafts = (ctx: UserContext) =>
  isSupportStaff(ctx.db, ctx.services.config, ctx.user.id);

export function parseExpand(search: URLSearchParams): Expand[] {
  const names = [...search.getAll('expand[]'), ...search.getAll('expand')].flatMap((value) =>
    value.split(',').filter(Boolean),
  );
  const unknown = names.filter((name) => !(EXPANDS as readonly string[]).includes(name));
  if (unknown.length) {
    throw badRequest(
      `Changelogs expand ${EXPANDS.join(', ')}; not ${unknown.join(', ')}.`,
      'unknown_expand',
    );
  }
  return [...new Set(names)] as Expand[];
}

function pageNumber(value: string | null, name: string, fallback: number, max: number) {
  if (value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw badRequest(`${name} must be a whole number from 1 to ${max}.`, 'bad_page');
  }
  return number;
}

const listOf = (search: URLSearchParams, name: string) =>
  (search.get(`filter[${name}]`) ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** GET /changelogs: newest first, a page at a time, filtered by status and tag. */
export async function listChangelogs(
  ctx: UserContext,
  search: URLSearchParams,
): Promise<ChangelogList> {
  checkListQuery(parseListQuery(search), CHANGELOG_LIST);
  if (search.get('page') === 'all') {
    throw badRequest('Changelogs are listed a page at a time.', 'bad_page');
  }
  const number = pageNumber(search.get('page[number]'), 'page[number]', 1, 1_000_000);
  const size = pageNumber(
    search.get('page[size]'),
    'page[size]',
    CHANGELOG_PAGE_SIZE,
    CHANGELOG_MAX_PAGE_SIZE,
  );
  const expand = parseExpand(search);
  const statuses = listOf(search, 'status');
  if (statuses.some((status) => !(CHANGELOG_STATUSES as readonly string[]).includes(status))) {
    throw badRequest(`filter[status] takes ${CHANGELOG_STATUSES.join(', ')}.`, 'bad_filter');
  }
  const tags = listOf(search, 'tag');
  const params: unknown[] = [ctx.user.id];
  const conditions: string[] = [];
  if (!(await seesDrafts(ctx))) conditions.push(`c.status = 'PUBLISHED'`);
  if (statuses.length) {
    params.push(statuses);
    conditions.push(`c.status = ANY($${params.length}::text[])`);
  }
  if (tags.length) {
    params.push(tags);
    conditions.push(`c.tag = ANY($${params.length}::text[])`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  // the same join as the page (one view row at most per changelog and user): same parameters
  const { rows: counted } = await ctx.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM changelogs c
       LEFT JOIN changelog_views v ON v.changelog_id = c.id AND v.user_id = $1 ${where}`,
    params,
  );
  const total = counted[0]?.total ?? 0;
  const { rows } = await ctx.db.query(
    `${SELECT} ${where} ${ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, size, (number - 1) * size],
  );
  return {
    data: rowsOf(rows).map((row) => presentChangelog(ctx, row, expand)),
    meta: {
      total,
      current_page: number,
      per_page: size,
      last_page: Math.max(1, Math.ceil(total / size)),
    },
  };
}

async function findRow(ctx: UserContext, id: string): Promise<ChangelogRow> {
  const { rows } = await ctx.db.query(`${SELECT} WHERE c.id = $2`, [ctx.user.id, id]);
  const [row] = rowsOf(rows);
  if (!row || (row.status !== 'PUBLISHED' && !(await seesDrafts(ctx)))) {
    throw notFound('Changelog');
  }
  return row;
}

export async function getChangelog(ctx: UserContext, id: string, expand: Expand[] = []) {
  return { data: presentChangelog(ctx, await findRow(ctx, id), expand) };
}

export async function unviewedCount(ctx: UserContext) {
  const { rows } = await ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM changelogs c
      WHERE c.status = 'PUBLISHED'
        AND NOT EXISTS (SELECT 1 FROM changelog_views v
                         WHERE v.changelog_id = c.id AND v.user_id = $1)`,
    [ctx.user.id],
  );
  return { count: rows[0]?.count ?? 0 };
}

export async function markViewed(ctx: UserContext, id: string) {
  await findRow(ctx, id);
  await ctx.db.query(
    `INSERT INTO changelog_views (user_id, changelog_id, last_viewed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id, changelog_id) DO UPDATE SET last_viewed_at = now()`,
    [ctx.user.id, id],
  );
  return getChangelog(ctx, id);
}

/** Marks every published changelog not yet viewed; answers how many. */
export async function markAllViewed(ctx: UserContext) {
  const { rows } = await ctx.db.query<{ changelog_id: string }>(
    `INSERT INTO changelog_views (user_id, changelog_id, last_viewed_at)
     SELECT $1, c.id, now() FROM changelogs c WHERE c.status = 'PUBLISHED'
     ON CONFLICT (user_id, changelog_id) DO NOTHING
     RETURNING changelog_id`,
    [ctx.user.id],
  );
  return { marked: rows.length };
}

// Writing (support staff) ---------------------------------------------------------------------

export interface ChangelogFields {
  title?: string;
  date?: string;
  icon?: string | null;
  tag?: string | null;
  content?: string;
  status?: ChangelogStatus;
  videoEmbedHtml?: string | null;
}

const COLUMNS: Record<keyof ChangelogFields, string> = {
  title: 'title',
  date: 'date',
  icon: 'icon',
  tag: 'tag',
  content: 'content',
  status: 'status',
  videoEmbedHtml: 'video_embed_html',
};

export async function createChangelog(
  ctx: UserContext,
  fields: Required<Pick<ChangelogFields, 'title' | 'date' | 'content' | 'status'>> &
    ChangelogFields,
  hero: StoredImageRecord | null,
) {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO changelogs
       (id, title, date, icon, tag, content, status, hero, video_embed_html, published_at,
        created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             CASE WHEN $7 = 'PUBLISHED' THEN now() END, $10)`,
    [
      id,
      fields.title,
      fields.date,
      fields.icon ?? null,
      fields.tag ?? null,
      fields.content,
      fields.status,
      hero ? JSON.stringify(hero) : null,
      sanitiseVideoEmbed(fields.videoEmbedHtml) ?? null,
      ctx.user.id,
    ],
  );
  return getChangelog(ctx, id);
}

/** Changes the fields sent (and the hero when one is given; the replaced file goes after commit). */
export async function updateChangelog(
  ctx: UserContext,
  id: string,
  fields: ChangelogFields,
  hero?: StoredImageRecord | null,
) {
  const existing = await findRow(ctx, id);
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS) as Array<[keyof ChangelogFields, string]>) {
    if (fields[key] !== undefined) values[column] = fields[key];
  }
  if (fields.videoEmbedHtml !== undefined) {
    values.video_embed_html = sanitiseVideoEmbed(fields.videoEmbedHtml);
  }
  if (hero !== undefined) values.hero = hero ? JSON.stringify(hero) : null;
  const names = Object.keys(values);
  const assignments = names.map((name, index) => `${name} = $${index + 2}`);
  if (fields.status === 'PUBLISHED')
    assignments.push('published_at = coalesce(published_at, now())');
  if (fields.status === 'DRAFT') assignments.push('published_at = NULL');
  await ctx.db.query(
    `UPDATE changelogs SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1`,
    [id, ...names.map((name) => values[name])],
  );
  if (hero !== undefined && existing.hero) {
    const old = existing.hero;
    ctx.afterCommit(() => ctx.services.storage.remove(old.key));
  }
  return getChangelog(ctx, id);
}

export async function deleteChangelog(ctx: UserContext, id: string) {
  const existing = await findRow(ctx, id);
  await ctx.db.query('DELETE FROM changelogs WHERE id = $1', [id]);
  if (existing.hero) {
    const old = existing.hero;
    ctx.afterCommit(() => ctx.services.storage.remove(old.key));
  }
}
