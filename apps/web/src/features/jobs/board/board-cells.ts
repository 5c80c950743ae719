import type { ListedJob } from '../jobs-api';

/** The board's row of jobs nobody is assigned to. */
export const UNASSIGNED = 'unassigned';

export interface BoardRow {
  /** An operative's user id, or UNASSIGNED. */
  id: string;
  name: string;
}

export interface BoardCell {
  operativeId: string | null;
  date: string;
}

/** The droppable id of a cell: "{operative id or unassigned}|{YYYY-MM-DD}". */
export function cellId({ operativeId, date }: BoardCell): string {
  return `${operativeId ?? UNASSIGNED}|${date}`;
}

export function parseCellId(id: string): BoardCell | null {
  const [row, date, ...rest] = id.split('|');
  if (!row || !date || rest.length) return null;
  return { operativeId: row === UNASSIGNED ? null : row, date };
}

/**
 * The board's rows: the operatives given (by name), then anyone else the week's jobs are
 * assigned to (a manager, a member no longer listed), then the unassigned row.
 */
export function boardRows(operatives: readonly BoardRow[], jobs: readonly ListedJob[]): BoardRow[] {
  const rows = [...operatives].sort((left, right) => left.name.localeCompare(right.name));
  const known = new Set(rows.map((row) => row.id));
  for (const job of jobs) {
    if (job.operative_id && !known.has(job.operative_id)) {
      known.add(job.operative_id);
      rows.push({ id: job.operative_id, name: job.operative?.name ?? 'Another member' });
    }
  }
  return [...rows, { id: UNASSIGNED, name: 'Unassigned' }];
}

/** The jobs of each cell (jobs without a date, or outside the days, are on no cell). */
export function jobsByCell(jobs: readonly ListedJob[], days: readonly string[]) {
  const shown = new Set(days);
  const cells = new Map<string, ListedJob[]>();
  for (const job of jobs) {
    if (!job.date || !shown.has(job.date)) continue;
    const id = cellId({ operativeId: job.operative_id, date: job.date });
    cells.set(id, [...(cells.get(id) ?? []), job]);
  }
  return cells;
}

export type BoardMove =
  | { kind: 'none' }
  | { kind: 'refused'; reason: string }
  | { kind: 'move'; reassignTo: string | null; rescheduleTo: string | null };

/**
 * What dropping a job on a cell asks of the server: reassign (another operative's row) and/or
 * reschedule (another day). A job cannot be unassigned by the board: reassign needs an operative.
 */
export function planMove(
  job: Pick<ListedJob, 'operative_id' | 'date'>,
  target: BoardCell,
): BoardMove {
  const reassignTo = target.operativeId !== job.operative_id ? target.operativeId : null;
  const rescheduleTo = target.date !== job.date ? target.date : null;
  if (target.operativeId === null && job.operative_id !== null)
    return { kind: 'refused', reason: 'A job cannot be unassigned on the board; edit it instead.' };
  if (reassignTo === null && rescheduleTo === null) return { kind: 'none' };
  return { kind: 'move', reassignTo, rescheduleTo };
}

/** The jobs as they look once a move has happened (the optimistic board). */
export function applyMove(
  jobs: readonly ListedJob[],
  jobId: string,
  move: Extract<BoardMove, { kind: 'move' }>,
): ListedJob[] {
  return jobs.map((job) =>
    job.id === jobId
      ? {
          ...job,
          operative_id: move.reassignTo ?? job.operative_id,
          operative: move.reassignTo ? null : job.operative,
          date: move.rescheduleTo ?? job.date,
        }
      : job,
  );
}
