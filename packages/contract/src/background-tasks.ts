import { z } from 'zod';

import { idSchema, timestampSchema } from './common';

/** The life of one piece of background work (a job of the server's durable queue). */
export const BACKGROUND_TASK_STATUSES = [
  'QUEUED',
  'RUNNING',
  'RETRYING',
  'SUCCEEDED',
  // refused for good (e.g. an import's rejected rows): its result holds the error body
  'FAILED',
  'DEAD',
] as const;
export type BackgroundTaskStatus = (typeof BACKGROUND_TASK_STATUSES)[number];

/** GET /organisations/{organisationId}/background_tasks/{id}: what the web app polls. */
export const backgroundTaskSchema = z
  .object({
    id: idSchema,
    kind: z.string().describe('The job kind, e.g. send-email'),
    status: z.enum(BACKGROUND_TASK_STATUSES),
    progress: z.object({
      done: z.number().int(),
      total: z.number().int().nullable().describe('null while the size of the work is unknown'),
    }),
    message: z.string().nullable(),
    result: z.unknown().nullable(),
    error: z.string().nullable().describe("The last failed attempt's reason"),
    attempts: z.number().int(),
    started_at: timestampSchema.nullable(),
    finished_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'BackgroundTask' });
export type BackgroundTask = z.infer<typeof backgroundTaskSchema>;
