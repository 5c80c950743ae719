import type { Build, BuildStatus } from '@fieldwork/contract';

/** What each state is called on screen. */
export const BUILD_STATUS_LABELS: Record<BuildStatus, string> = {
  QUEUED: 'Waiting to start',
  RUNNING: 'Building…',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

const FINISHED: ReadonlySet<BuildStatus> = new Set(['READY', 'FAILED', 'EXPIRED']);

export const isBuildFinished = (build: Pick<Build, 'status'>) => FINISHED.has(build.status);

const FIRST_POLL_MS = 1000;
const LONGEST_POLL_MS = 10_000;

/** How long to wait before asking again after `polls` answers: 1 s, then half as long again each time, at most 10 s. */
export function buildPollDelay(polls: number): number {
  return Math.min(Math.round(FIRST_POLL_MS * 1.5 ** polls), LONGEST_POLL_MS);
}

/** How far a build has got, 0–1; null while its size is unknown. */
export function buildFraction(build: Pick<Build, 'status' | 'progress'>): number | null {
  if (build.status === 'READY') return 1;
  const { done, total } = build.progress;
  return total ? Math.min(done / total, 1) : null;
}

const count = new Intl.NumberFormat();

/** "1,234 of 5,000 rows", "1,234 rows" while the total is unknown, or the build's own message. */
export function describeBuildProgress(build: Pick<Build, 'progress'>, unit = 'rows'): string {
  const { done, total, message } = build.progress;
  if (message) return message;
  if (total !== null) return `${count.format(done)} of ${count.format(total)} ${unit}`;
  return done > 0 ? `${count.format(done)} ${unit}` : '';
}

/** A file's size for people: "820 bytes", "12 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.round(kilobytes)} KB`;
  return `${(kilobytes / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
