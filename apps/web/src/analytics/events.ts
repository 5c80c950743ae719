/**
 * Named analytics events (spec/platform.md §7: job recalls, CSV exports, token refresh). The app
 * records them here; a sink (the analytics client, once there is one) receives each event. Until
 * then the latest events are kept in memory, which is what tests and the console can read.
 */
export type AnalyticsEventName = 'Job Recalled' | 'CSV Exported' | 'Token Refresh Failed';

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: AnalyticsProperties;
  at: number;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const KEPT_EVENTS = 50;
const recent: AnalyticsEvent[] = [];
let sink: AnalyticsSink | null = null;

export function recordEvent(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  const event: AnalyticsEvent = { name, properties, at: Date.now() };
  recent.push(event);
  if (recent.length > KEPT_EVENTS) recent.splice(0, recent.length - KEPT_EVENTS);
  try {
    sink?.(event);
  } catch (error) {
    // Analytics must never break the app.
    console.warn('The analytics sink failed', error);
  }
}

/** Registers where events go (null to stop); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink | null): AnalyticsSink | null {
  const previous = sink;
  sink = next;
  return previous;
}

/** The latest events, oldest first. */
export function recordedEvents(): readonly AnalyticsEvent[] {
  return [...recent];
}

export function clearRecordedEvents(): void {
  recent.length = 0;
}
