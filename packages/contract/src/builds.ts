import { z } from 'zod';
import { idSchema, recordSchema, timestampSchema } from './common';

/**
 * A file the product builds in the background (an export, a report): QUEUED → RUNNING → READY,
 * or FAILED with its reason; EXPIRED once its file is removed at `expires_at`.
 */
export const BUILD_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

export const BUILD_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type BuildFormat = (typeof BUILD_FORMATS)[number];

/** How long a built file is kept when its kind says nothing else. */
export const BUILD_DEFAULT_TTL_DAYS = 7;

/** A built file (field-work §3 Report: the same fields, for exports and reports alike). */
export const buildSchema = recordSchema
  .extend({
    kind: z.string().describe('What was built, e.g. clients-csv'),
    name: z.string(),
    description: z.string().nullable(),
    download_name: z.string().describe('The name the file downloads as'),
    job_path: z.string().nullable().describe('The record the build is of, when it is of one'),
    format: z.enum(BUILD_FORMATS),
    options: z.record(z.string(), z.unknown()),
    user_id: idSchema.nullable().describe('Who asked'),
    user: z.object({ id: idSchema, name: z.string() }).nullable().describe('Who asked, by name'),
    status: z.enum(BUILD_STATUSES),
    progress: z.object({
      done: z.number().int(),
      total: z.number().int().nullable().describe('null while the size of the work is unknown'),
      message: z.string().nullable(),
    }),
    started_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    expires_at: timestampSchema.nullable(),
    failed_at: timestampSchema.nullable(),
    exception: z.string().nullable().describe('Why it failed, for people'),
    retries: z.number().int(),
    file: z
      .object({
        name: z.string(),
        size: z.number().int(),
        content_type: z.string(),
        url: z.string().describe('A signed, expiring link to the file'),
      })
      .nullable()
      .describe('Once READY'),
  })
  .meta({ id: 'Build' });
export type Build = z.infer<typeof buildSchema>;

/** Asked with a build: whom to e-mail the link once it is ready. */
export const buildNoticeSchema = z.object({
  notify: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .describe('E-mail the link to the requester when the file is ready'),
  emails: z
    .array(z.email('Must be an e-mail address'))
    .max(20, 'At most 20 addresses')
    .optional()
    .describe('Other addresses to e-mail the link to (a client)'),
});
export type BuildNotice = z.input<typeof buildNoticeSchema>;

/** What a build route answers: the build, with `url` to its file once it is ready. */
export const buildAnswerSchema = z.object({
  url: z
    .string()
    .describe(
      'A signed link to the file: it answers 202 with the build while it is being built, then the file',
    ),
  build: buildSchema,
});
export type BuildAnswer = z.infer<typeof buildAnswerSchema>;
