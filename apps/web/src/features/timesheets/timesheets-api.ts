import type {
  TimeEntry,
  TimeEntryCreate,
  TimeEntryLocation,
  TimeEntryUpdate,
  TimesheetSummary,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useDeleteRecord,
  useResourceList,
  useResourceMutation,
} from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** GET/POST /timesheets, GET/PUT/DELETE /timesheets/{id}: time entries (field-work §3). */
export const timesheetsApi = resourceApi<TimeEntry, TimeEntryCreate | TimeEntryUpdate>(
  'timesheets',
);

export const useTimeEntries = (query: ListQuery, enabled = true) => {
  const list = useResourceList(timesheetsApi, query);
  return enabled ? list : { ...list, data: undefined };
};

export interface SummaryFilters {
  week: string;
  user_id?: string;
  team_id?: string;
  project_id?: string;
}

/** GET /timesheets/summary: totals per member and day of a week. */
export function useTimesheetSummary(filters: SummaryFilters) {
  const { organisationId } = useSession();
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<
    string,
    string
  >;
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'timesheets'), 'summary', query],
    queryFn: async () =>
      (
        await request<{ data: TimesheetSummary }>({
          method: 'get',
          url: '/timesheets/summary',
          query: new URLSearchParams(query).toString(),
        })
      ).data,
  });
}

/** The caller's open entry, if they are on the clock. */
export function useMyOpenEntry(userId: string) {
  return useTimeEntries({ filter: { user_id: userId, open: true }, page: { size: 1 } });
}

/** The projects a member may start time on (those the caller sees), for the clock's choice. */
export function useClockProjects(enabled: boolean) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'clock-options'],
    queryFn: async () =>
      (
        await request<{ data: Array<{ id: string; name: string }> }>({
          method: 'get',
          url: '/projects',
          query: 'page[size]=100&sort=name',
        })
      ).data.map((project) => ({ value: project.id, label: project.name })),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export interface Whereabouts {
  location_permission_granted: boolean;
  location?: TimeEntryLocation;
}

/**
 * Where the phone is, when the browser allows it (asked each time; 8 seconds at most): denied,
 * unavailable or too slow is `location_permission_granted: false`.
 */
export function whereabouts(): Promise<Whereabouts> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return Promise.resolve({ location_permission_granted: false });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ location_permission_granted: false }), 9000);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({
          location_permission_granted: true,
          location: {
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            accuracy: position.coords.accuracy,
          },
        });
      },
      () => {
        clearTimeout(timer);
        resolve({ location_permission_granted: false });
      },
      { timeout: 8000, maximumAge: 60_000 },
    );
  });
}

export const useStartTime = () =>
  useResourceMutation('timesheets', async (body: Whereabouts & { project_id?: string }) =>
    request<{ data: TimeEntry }>({ method: 'post', url: '/timesheets/start', body }),
  );

export const useEndTime = () =>
  useResourceMutation('timesheets', async (body: Whereabouts & { user_id?: string }) =>
    request<{ data: TimeEntry }>({ method: 'post', url: '/timesheets/end', body }),
  );

export const useRevertTime = () =>
  useResourceMutation('timesheets', ({ id, revert }: { id: string; revert: 'start' | 'end' }) =>
    request<{ data: TimeEntry | null }>({
      method: 'put',
      url: `/timesheets/${encodeURIComponent(id)}/revert`,
      body: { revert },
    }),
  );

export const useSaveTimeEntry = () =>
  useResourceMutation(
    'timesheets',
    ({ id, input }: { id?: string; input: TimeEntryCreate | TimeEntryUpdate }) =>
      id ? timesheetsApi.update(id, input) : timesheetsApi.create(input),
  );

export const useDeleteTimeEntry = () => useDeleteRecord(timesheetsApi);

const DAY = 86_400_000;

/** A YYYY-MM-DD day moved by `days`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The Monday of the week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Today on this device's calendar, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** "7h 05m" from seconds. */
export function formatSeconds(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** "1:02:03": a running clock. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A datetime-local input's value (this device's wall clock) from an ISO timestamp. */
export function toLocalInput(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** An ISO timestamp from a datetime-local input's value, or null when empty. */
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
