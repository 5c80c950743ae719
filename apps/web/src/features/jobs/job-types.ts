import type { jobActivityLogSchema, jobCreateSchema } from '@fieldwork/contract';
import type { z } from 'zod';

/** The contract's job shapes the web reads (types only: the bundle stays free of zod here). */
export type JobInput = z.input<typeof jobCreateSchema>;
export type JobActivityEntry = z.infer<typeof jobActivityLogSchema>;
