import type { Build } from '@fieldwork/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { makeBuild, readyBuild } from '../../test/builds';
import { buildPollDelay, describeBuildProgress, formatFileSize } from './build-status';
import { followBuild } from './follow-build';

/** Answers `states` one read after another; records the waits. */
function reads(states: Array<Build | Error>) {
  const waits: number[] = [];
  const fetchBuild = vi.fn(async () => {
    const next = states.shift();
    if (!next) throw new Error('asked once too often');
    if (next instanceof Error) throw next;
    return next;
  });
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { fetchBuild, wait, waits };
}

describe('following a build', () => {
  const queued = makeBuild();
  const running = { ...queued, status: 'RUNNING' as const };

  it('asks again, waiting longer each time, until the file is ready', async () => {
    const ready = readyBuild(queued);
    const { fetchBuild, wait, waits } = reads([running, running, ready]);
    const onUpdate = vi.fn();
    const last = await followBuild(queued, { fetchBuild, wait, onUpdate });
    expect(last).toEqual(ready);
    expect(fetchBuild).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1500, 2250]);
    expect(onUpdate).toHaveBeenLastCalledWith(ready);
  });

  it('stops at a failure and keeps its reason', async () => {
    const failed = { ...queued, status: 'FAILED' as const, exception: 'The list is too long.' };
    const { fetchBuild, wait } = reads([failed]);
    const last = await followBuild(queued, { fetchBuild, wait, onUpdate: vi.fn() });
    expect(last.exception).toBe('The list is too long.');
    expect(fetchBuild).toHaveBeenCalledTimes(1);
  });

  it('asks again after a lost connection, and stops when the build is gone', async () => {
    const gone = new ApiError(404, { code: 'not_found' }, 'Not found');
    const { fetchBuild, wait } = reads([new TypeError('offline'), running, gone]);
    const last = await followBuild(queued, { fetchBuild, wait, onUpdate: vi.fn() });
    expect(last.status).toBe('RUNNING');
    expect(fetchBuild).toHaveBeenCalledTimes(3);
  });

  it('never asks about a build that has already finished', async () => {
    const { fetchBuild, wait } = reads([]);
    await followBuild(readyBuild(queued), { fetchBuild, wait, onUpdate: vi.fn() });
    expect(fetchBuild).not.toHaveBeenCalled();
  });

  it('waits at most ten seconds between questions', () => {
    expect(buildPollDelay(20)).toBe(10_000);
  });

  it('tells the progress and the size in words', () => {
    const progress = (done: number, total: number | null, message: string | null = null) =>
      describeBuildProgress({ progress: { done, total, message } });
    expect(progress(1234, 5000)).toBe('1,234 of 5,000 rows');
    expect(progress(1234, null)).toBe('1,234 rows');
    expect(progress(0, null)).toBe('');
    expect(progress(3, 10, 'Writing the file')).toBe('Writing the file');
    expect(formatFileSize(800)).toBe('800 bytes');
    expect(formatFileSize(48_213)).toBe('47 KB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
