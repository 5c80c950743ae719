// The timesheets feature's public face: the page's path (the page and the clock card load lazily).
export { timesheetsPath } from './timesheets-paths';
export { LazyClockCard } from './lazy-clock-card';
