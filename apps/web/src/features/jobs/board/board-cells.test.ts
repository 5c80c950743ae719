import { describe, expect, it } from 'vitest';
import type { ListedJob } from '../jobs-api';
import { addDays, isCalendarDay, mondayOf, weekDays } from '../calendar-days';
import { applyMove, boardRows, cellId, jobsByCell, parseCellId, planMove } from './board-cells';

const ANA = 'a'.repeat(24);
const BO = 'b'.repeat(24);
const MANAGER = 'c'.repeat(24);

const job = (id: string, operative_id: string | null, date: string | null) =>
  ({ id, operative_id, date, operative: null }) as unknown as ListedJob;

describe('the week board', () => {
  it('finds the Monday of a week and its seven days, across months and years', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a daylight-saving change
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
  });

  it('names each cell by operative and day, and reads the name back', () => {
    expect(cellId({ operativeId: ANA, date: '2026-03-02' })).toBe(`${ANA}|2026-03-02`);
    expect(parseCellId(cellId({ operativeId: null, date: '2026-03-02' }))).toEqual({
      operativeId: null,
      date: '2026-03-02',
    });
    expect(parseCellId('nonsense')).toBeNull();
  });

  it('puts each job of the week in its cell and leaves out undated and other weeks', () => {
    const days = weekDays('2026-03-02');
    const cells = jobsByCell(
      [
        job('1', ANA, '2026-03-02'),
        job('2', ANA, '2026-03-02'),
        job('3', null, '2026-03-08'),
        job('4', BO, null),
        job('5', BO, '2026-03-09'),
      ],
      days,
    );
    expect(cells.get(`${ANA}|2026-03-02`)?.map((item) => item.id)).toEqual(['1', '2']);
    expect(cells.get('unassigned|2026-03-08')?.map((item) => item.id)).toEqual(['3']);
    expect([...cells.keys()]).toHaveLength(2);
  });

  it('lists the operatives by name, anyone else with jobs that week, then unassigned', () => {
    const rows = boardRows(
      [
        { id: BO, name: 'Bo' },
        { id: ANA, name: 'Ana' },
      ],
      [{ ...job('1', MANAGER, '2026-03-02'), operative: { id: MANAGER, name: 'Mo', email: '' } }],
    );
    expect(rows.map((row) => row.name)).toEqual(['Ana', 'Bo', 'Mo', 'Unassigned']);
  });

  it('plans a drop as reassign and/or reschedule, and refuses unassigning', () => {
    const awaiting = job('1', ANA, '2026-03-02');
    expect(planMove(awaiting, { operativeId: ANA, date: '2026-03-02' })).toEqual({ kind: 'none' });
    expect(planMove(awaiting, { operativeId: ANA, date: '2026-03-04' })).toEqual({
      kind: 'move',
      reassignTo: null,
      rescheduleTo: '2026-03-04',
    });
    expect(planMove(awaiting, { operativeId: BO, date: '2026-03-04' })).toEqual({
      kind: 'move',
      reassignTo: BO,
      rescheduleTo: '2026-03-04',
    });
    expect(planMove(awaiting, { operativeId: null, date: '2026-03-02' }).kind).toBe('refused');
    expect(planMove(job('2', null, '2026-03-02'), { operativeId: BO, date: '2026-03-02' })).toEqual(
      { kind: 'move', reassignTo: BO, rescheduleTo: null },
    );
  });

  it('shows a planned move at once without touching the other jobs', () => {
    const jobs = [job('1', ANA, '2026-03-02'), job('2', BO, '2026-03-03')];
    const moved = applyMove(jobs, '1', { kind: 'move', reassignTo: BO, rescheduleTo: null });
    expect(moved[0]).toMatchObject({ operative_id: BO, date: '2026-03-02' });
    expect(moved[1]).toBe(jobs[1]);
  });
});
