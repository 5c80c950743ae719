import {
  CHANGELOG_HERO_MAX_PIXELS,
  changelogCreateSchema,
  changelogListSchema,
  changelogSchema,
  changelogUpdateSchema,
  idSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { UserContext } from '../../platform/http/context';
import { uploadedFilesSchema, type UploadedFile } from '../../platform/http/multipart';
import { route, type RouteDef } from '../../platform/http/route';
import { storeHeroImage } from './hero-image';
import {
  CHANGELOG_LIST,
  createChangelog,
  deleteChangelog,
  getChangelog,
  listChangelogs,
  markAllViewed,
  markViewed,
  parseExpand,
  unviewedCount,
  updateChangelog,
} from './service';

const tags = ['Changelogs'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: changelogSchema });
const heroFile = uploadedFilesSchema.max(1, 'Send one hero image').optional();
const support = { access: 'user', supportOnly: true, tags } as const;

const hero = (ctx: UserContext, files: UploadedFile[] | undefined) =>
  files?.[0]
    ? storeHeroImage(ctx.services.storage, files[0], CHANGELOG_HERO_MAX_PIXELS)
    : undefined;

export const changelogRoutes = (): RouteDef[] => [
  route({
    access: 'user',
    method: 'GET',
    path: '/changelogs',
    tags,
    summary:
      'Changelogs, newest first, a page at a time (filter[status], filter[tag]); drafts only for support staff',
    list: CHANGELOG_LIST,
    response: changelogListSchema,
    handler: async (ctx, { search }) => listChangelogs(ctx, search),
  }),
  route({
    access: 'user',
    method: 'GET',
    path: '/changelogs/unviewed_count',
    tags,
    summary: 'How many published changelogs the user has not viewed',
    response: z.object({ count: z.number().int() }),
    handler: async (ctx) => unviewedCount(ctx),
  }),
  route({
    access: 'user',
    method: 'PUT',
    path: '/changelogs/mark_all_as_viewed',
    tags,
    summary: 'Mark every published changelog as viewed',
    response: z.object({ marked: z.number().int() }),
    handler: async (ctx) => markAllViewed(ctx),
  }),
  route({
    access: 'user',
    method: 'GET',
    path: '/changelogs/:id',
    tags,
    summary: 'One changelog (expand[]=viewed, expand[]=content_html)',
    params: idParams,
    response: one,
    handler: async (ctx, { params, search }) => getChangelog(ctx, params.id, parseExpand(search)),
  }),
  route({
    access: 'user',
    method: 'PUT',
    path: '/changelogs/:id/mark_as_viewed',
    tags,
    summary: 'Record that the user has viewed a changelog (answers it with last_viewed_at_by_user)',
    params: idParams,
    response: one,
    handler: async (ctx, { params }) => markViewed(ctx, params.id),
  }),

  // Support staff write them ---------------------------------------------------------------------
  route({
    ...support,
    method: 'POST',
    path: '/changelogs',
    summary: 'Write a changelog (JSON, or multipart with a "hero" image); DRAFT unless status says',
    multipart: true,
    body: changelogCreateSchema.extend({ hero: heroFile }),
    status: 201,
    response: one,
    handler: async (ctx, { body }) => {
      const { hero: files, ...fields } = body;
      return createChangelog(ctx, fields, (await hero(ctx, files)) ?? null);
    },
  }),
  ...(['PUT', 'PATCH'] as const).map((method) =>
    route({
      ...support,
      method,
      path: '/changelogs/:id',
      summary: 'Change a changelog (fields not sent stay; a "hero" image sent replaces the old)',
      multipart: true,
      params: idParams,
      body: changelogUpdateSchema.extend({ hero: heroFile }),
      response: one,
      handler: async (ctx, { params, body }) => {
        const { hero: files, ...fields } = body;
        return updateChangelog(ctx, params.id, fields, await hero(ctx, files));
      },
    }),
  ),
  route({
    ...support,
    method: 'POST',
    path: '/changelogs/:id/publish',
    summary: 'Publish a changelog (published_at is set the first time)',
    params: idParams,
    response: one,
    handler: async (ctx, { params }) => updateChangelog(ctx, params.id, { status: 'PUBLISHED' }),
  }),
  route({
    ...support,
    method: 'POST',
    path: '/changelogs/:id/unpublish',
    summary: 'Take a changelog back to DRAFT',
    params: idParams,
    response: one,
    handler: async (ctx, { params }) => updateChangelog(ctx, params.id, { status: 'DRAFT' }),
  }),
  route({
    ...support,
    method: 'DELETE',
    path: '/changelogs/:id/hero',
    summary: "Remove a changelog's hero image",
    params: idParams,
    response: one,
    handler: async (ctx, { params }) => updateChangelog(ctx, params.id, {}, null),
  }),
  route({
    ...support,
    method: 'DELETE',
    path: '/changelogs/:id',
    summary: 'Delete a changelog (and who viewed it)',
    params: idParams,
    handler: async (ctx, { params }) => {
      await deleteChangelog(ctx, params.id);
      return undefined;
    },
  }),
];
