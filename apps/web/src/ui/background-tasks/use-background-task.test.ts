import type { BackgroundTask } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { nextPoll, taskFraction } from './use-background-task';

const task = (status: BackgroundTask['status'], done = 0, total: number | null = null) =>
  ({ status, progress: { done, total } }) as BackgroundTask;

describe('background task polling', () => {
  it('polls until the task has succeeded, been refused or died', () => {
    expect(nextPoll(undefined)).toBe(1000);
    expect(nextPoll(task('QUEUED'))).toBe(1000);
    expect(nextPoll(task('RUNNING'))).toBe(1000);
    expect(nextPoll(task('RETRYING'))).toBe(1000);
    expect(nextPoll(task('SUCCEEDED'))).toBe(false);
    expect(nextPoll(task('FAILED'))).toBe(false);
    expect(nextPoll(task('DEAD'))).toBe(false);
  });

  it('tells how far the work has got, when its size is known', () => {
    expect(taskFraction(task('RUNNING', 30, 120))).toBe(0.25);
    expect(taskFraction(task('RUNNING', 3))).toBeNull();
    expect(taskFraction(task('SUCCEEDED', 3))).toBe(1);
  });
});
