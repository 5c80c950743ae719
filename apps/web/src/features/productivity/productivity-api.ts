import {
  PRODUCTIVITY_TIMEFRAMES,
  type ProductivityAnswer,
  type ProductivityFigures,
  type ProductivityRow,
  type ProductivityTimeframe,
} from '@fieldwork/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../api/request';
import { useSession } from '../../session/use-session';

/** The page's filters, kept in the URL: timeframe, from, to, project, member, team. */
export interface ProductivityParams {
  timeframe: ProductivityTimeframe;
  from: string;
  to: string;
  project: string;
  member: string;
  team: string;
  /** The table: by member or by project. */
  view: 'member' | 'project';
}

const isTimeframe = (value: string | null): value is ProductivityTimeframe =>
  (PRODUCTIVITY_TIMEFRAMES as readonly (string | null)[]).includes(value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;

export function useProductivityParams() {
  const [search, setSearch] = useSearchParams();
  const text = (key: string, pattern: RegExp) => {
    const value = search.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  const timeframe = search.get('timeframe');
  const params: ProductivityParams = {
    timeframe: isTimeframe(timeframe) ? timeframe : 'month',
    from: text('from', DATE),
    to: text('to', DATE),
    project: text('project', ID),
    member: text('member', ID),
    team: text('team', ID),
    view: search.get('view') === 'project' ? 'project' : 'member',
  };
  const update = (change: Partial<ProductivityParams>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (next.get('timeframe') === 'month') next.delete('timeframe');
        if (next.get('view') === 'member') next.delete('view');
        return next;
      },
      { replace: true },
    );
  return { params, update };
}

/** The list grammar's filter of the page's params (filter[from], filter[project_id]…). */
export function filterOf(params: ProductivityParams) {
  return {
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
    ...(params.project ? { project_id: params.project } : {}),
    ...(params.member ? { user_id: params.member } : {}),
    ...(params.team ? { team_id: params.team } : {}),
  };
}

/** GET /productivity grouped by member or project (the chart reads the member rows too). */
export function useProductivity(params: ProductivityParams, groupBy: 'member' | 'project') {
  const { organisationId } = useSession();
  const filter = filterOf(params);
  const query = new URLSearchParams({ timeframe: params.timeframe, group_by: groupBy });
  for (const [key, value] of Object.entries(filter)) query.set(`filter[${key}]`, value);
  return useQuery({
    queryKey: ['organisations', organisationId, 'productivity', query.toString()],
    queryFn: () =>
      request<ProductivityAnswer>({ method: 'get', url: '/productivity', query: query.toString() }),
    placeholderData: keepPreviousData,
  });
}

/** The rows summed per key (a member's or a project's periods; a period's members). */
export function summed(
  rows: ProductivityRow[],
  key: (row: ProductivityRow) => string,
): Array<{ key: string; row: ProductivityRow }> {
  const lines = new Map<string, ProductivityRow>();
  for (const row of rows) {
    const id = key(row);
    const line = lines.get(id);
    if (!line) {
      lines.set(id, { ...row, materials: row.materials.map((material) => ({ ...material })) });
      continue;
    }
    add(line, row);
  }
  return [...lines.entries()].map(([id, row]) => ({ key: id, row }));
}

function add(total: ProductivityFigures, row: ProductivityFigures) {
  total.job_sheets_submitted += row.job_sheets_submitted;
  total.job_sheets_approved += row.job_sheets_approved;
  total.locations_completed += row.locations_completed;
  total.seconds_worked += row.seconds_worked;
  total.hours_worked = Math.round((total.seconds_worked / 3600) * 100) / 100;
  for (const material of row.materials) {
    const found = total.materials.find((entry) => entry.unit === material.unit);
    if (found) {
      found.quantity += material.quantity;
      found.value += material.value;
    } else total.materials.push({ ...material });
  }
}

/** "12.5 h". */
export const formatHours = (hours: number) =>
  `${hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} h`;

/** "1,234.5 m²". */
export const formatQuantity = (quantity: number, measure: string) =>
  `${quantity.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${measure}`;

/** A period's first day as people read it for its timeframe: "Mar 2026", "Q1 2026", "2026". */
export function periodLabel(start: string, timeframe: ProductivityTimeframe): string {
  const date = new Date(`${start}T00:00:00.000Z`);
  switch (timeframe) {
    case 'year':
      return String(date.getUTCFullYear());
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
    case 'month':
      return date.toLocaleDateString(undefined, {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    case 'week':
    case 'day':
      return date.toLocaleDateString(undefined, {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
  }
}
