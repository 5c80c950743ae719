import { z } from 'zod';

/** `?force=true` (or 1) of every delete that can be forced: the kit's verbs, link sets, members. */
export const forceQuery = z
  .object({ force: z.enum(['true', 'false', '1', '0']).optional() })
  .loose();

export const isForced = (value: string | undefined) => value === 'true' || value === '1';
