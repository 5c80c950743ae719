import type { ListQuery } from '../../../api/list-query';
import { addDays } from '../calendar-days';

/** The jobs an operative still has to do: not completed, not cancelled. */
const OPEN = ['AWAITING', 'IN_PROGRESS'];

/** How far ahead "Upcoming" looks. */
export const UPCOMING_DAYS = 14;

/** Today's jobs, and the open ones of days gone by first (overdue), by date. */
export const todayJobsQuery = (userId: string, today: string): ListQuery => ({
  filter: { operative_id: userId, status: OPEN, date_to: today },
  sort: 'date,number',
  page: { number: 1, size: 20 },
});

/** The next two weeks' open jobs, soonest first. */
export const upcomingJobsQuery = (userId: string, today: string): ListQuery => ({
  filter: {
    operative_id: userId,
    status: OPEN,
    date_from: addDays(today, 1),
    date_to: addDays(today, UPCOMING_DAYS),
  },
  sort: 'date,number',
  page: { number: 1, size: 10 },
});
