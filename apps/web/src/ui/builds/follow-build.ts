import type { Build } from '@fieldwork/contract';
import { ApiError } from '../../api/errors';
import { buildPollDelay, isBuildFinished } from './build-status';

export interface FollowOptions {
  /** GET /builds/{id}. */
  fetchBuild: (id: string) => Promise<Build>;
  /** Each newer state of the build, as it is read. */
  onUpdate: (build: Build) => void;
  wait?: (ms: number) => Promise<void>;
  /** Failed reads in a row (no connection, 5xx) before giving up. */
  maxFailures?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A read that cannot succeed by asking again: the build is gone or not the caller's. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Asks for the build, waiting longer between questions (1 s, 1.5 s, … at most 10 s), until it is
 * ready, failed or expired; answers its last known state. A refused read (404, 403) ends the
 * following; a lost connection or a 5xx is asked again, `maxFailures` times in a row at most.
 */
export async function followBuild(
  build: Build,
  { fetchBuild, onUpdate, wait = sleep, maxFailures = 10 }: FollowOptions,
): Promise<Build> {
  let current = build;
  let polls = 0;
  let failures = 0;
  while (!isBuildFinished(current)) {
    await wait(buildPollDelay(polls++));
    try {
      current = await fetchBuild(current.id);
      failures = 0;
      onUpdate(current);
    } catch (error) {
      failures += 1;
      if (isFinalRefusal(error) || failures >= maxFailures) return current;
    }
  }
  return current;
}
