import { describe, expect, it } from 'vitest';
import type { ListedJob } from '../jobs-api';
import { failureLines, offered } from './job-bulk';

const job = (id: string, number: number, permissions: Record<string, boolean>) =>
  ({ id, number, reference: null, permissions }) as unknown as ListedJob;

describe('job bulk actions', () => {
  const awaiting = job('a', 1, { start_on_web: true, delete: true, cancel: true });
  const cancelled = job('c', 2, { start_on_web: false, delete: true });

  it('offers an action when one checked job may take it', () => {
    expect(offered([awaiting, cancelled], 'start_on_web')).toBe(true);
    expect(offered([cancelled], 'start_on_web')).toBe(false);
    expect(offered([cancelled], 'delete')).toBe(true);
    expect(offered([awaiting, cancelled], 'complete')).toBe(false);
  });

  it("names each failure by the job's title with the server's reason", () => {
    expect(
      failureLines(
        [{ id: 'c', reason: 'A job that is CANCELLED cannot be started.', code: 'x' }],
        [awaiting, cancelled],
      ),
    ).toEqual([{ id: 'c', name: 'Job 2', reason: 'A job that is CANCELLED cannot be started.' }]);
  });
});
