import { lazyComponent } from '../../ui/lazy-component';

/** The "Start work" / "Stop work" card, loaded on demand (an operative's home shows it). */
export const LazyClockCard = lazyComponent(() => import('./ClockCard'), 'ClockCard');
