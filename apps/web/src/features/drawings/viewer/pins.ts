import type {
  LocationStatusColor,
  LocationStatusIcon,
  LocationStatusType,
} from '@fieldwork/contract';

/**
 * What the viewer reads of a drawing and of its locations: the fields of field-work §3 by their
 * spec names, so a location or drawing answered by the API is passed as it is.
 */
export interface ViewerDrawing {
  id: string;
  name: string;
  width: number | null;
  height: number | null;
}

export interface ViewerLocation {
  id: string;
  number: number;
  reference?: string | null;
  drawing_id?: string | null;
  /** Fractions 0–1 of the drawing's height and width; null while the location has no pin. */
  drawing_pos_top: number | null;
  drawing_pos_left: number | null;
  status: { id: string; name: string; type: LocationStatusType } | null;
}

/** A project's location status as its configuration list answers it. */
export interface ViewerStatus {
  id: string;
  name: string;
  type: LocationStatusType;
  order: number;
  color: LocationStatusColor;
  icon: LocationStatusIcon;
}

/** A point on the drawing in Leaflet's simple CRS: one unit a pixel of the drawing, y upwards. */
export interface DrawingPoint {
  lat: number;
  lng: number;
}

export interface DrawingPosition {
  drawing_pos_top: number;
  drawing_pos_left: number;
}

/** The drawing's size in pixels, 1000×1000 while a conversion has not measured it yet. */
export function drawingSize(drawing: ViewerDrawing): { width: number; height: number } {
  return { width: drawing.width || 1000, height: drawing.height || 1000 };
}

/** The drawing's corners in the simple CRS: top-left at (0, 0), bottom-right at (-height, width). */
export function drawingBounds(drawing: ViewerDrawing): [[number, number], [number, number]] {
  const { width, height } = drawingSize(drawing);
  return [
    [-height, 0],
    [0, width],
  ];
}

/** Where a location's pin sits, or null when it has none (or its fractions are out of range). */
export function pointOf(location: ViewerLocation, drawing: ViewerDrawing): DrawingPoint | null {
  const top = location.drawing_pos_top;
  const left = location.drawing_pos_left;
  if (top === null || left === null || !inUnit(top) || !inUnit(left)) return null;
  const { width, height } = drawingSize(drawing);
  return { lat: -top * height, lng: left * width };
}

/**
 * The fractions a point on the drawing stands for, or null outside the sheet (a pin is never
 * placed off the drawing; the server refuses fractions outside 0–1).
 */
export function positionOf(point: DrawingPoint, drawing: ViewerDrawing): DrawingPosition | null {
  const { width, height } = drawingSize(drawing);
  const top = -point.lat / height;
  const left = point.lng / width;
  if (!inUnit(top) || !inUnit(left)) return null;
  return { drawing_pos_top: round(top), drawing_pos_left: round(left) };
}

/** A point held inside the sheet (a pin dragged past the edge stops at it). */
export function clampToDrawing(point: DrawingPoint, drawing: ViewerDrawing): DrawingPoint {
  const { width, height } = drawingSize(drawing);
  return {
    lat: Math.min(0, Math.max(-height, point.lat)),
    lng: Math.min(width, Math.max(0, point.lng)),
  };
}

const inUnit = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
/** Six decimals: a micrometre on an A0 sheet, and no float noise in what is sent. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Statuses in their configured order. */
export function orderedStatuses(statuses: readonly ViewerStatus[]): ViewerStatus[] {
  return [...statuses].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** A legend line: the status (or null for locations without one) and how many pins it has. */
export interface LegendEntry {
  status: ViewerStatus | null;
  count: number;
}

/**
 * The legend: every status of the project in its order with its count of pinned locations (a
 * status with none still shows, so a filter can be set before the first pin), then "No status"
 * when some pinned location has a status the project no longer lists or none at all.
 */
export function legendOf(
  locations: readonly ViewerLocation[],
  statuses: readonly ViewerStatus[],
  drawing: ViewerDrawing,
): LegendEntry[] {
  const counts = new Map<string | null, number>();
  const known = new Set(statuses.map((status) => status.id));
  for (const location of locations) {
    if (!pointOf(location, drawing)) continue;
    const key = location.status && known.has(location.status.id) ? location.status.id : null;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const entries: LegendEntry[] = orderedStatuses(statuses).map((status) => ({
    status,
    count: counts.get(status.id) ?? 0,
  }));
  const without = counts.get(null) ?? 0;
  if (without > 0) entries.push({ status: null, count: without });
  return entries;
}

/** The key a filter uses for a location's status: its id, or "none". */
export const NO_STATUS = 'none';
export function statusKey(
  location: ViewerLocation,
  statusById: ReadonlyMap<string, ViewerStatus>,
): string {
  return location.status && statusById.has(location.status.id) ? location.status.id : NO_STATUS;
}

/** The locations whose pins show: pinned, and not of a status the filter hides. */
export function visibleLocations(
  locations: readonly ViewerLocation[],
  statuses: readonly ViewerStatus[],
  drawing: ViewerDrawing,
  hidden: ReadonlySet<string>,
): ViewerLocation[] {
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  return locations.filter(
    (location) =>
      pointOf(location, drawing) !== null && !hidden.has(statusKey(location, statusById)),
  );
}

/** The label beside a pin and in its tooltip: its reference when it has one, else its number. */
export function pinLabel(location: ViewerLocation): string {
  return location.reference ? `${location.number} · ${location.reference}` : `${location.number}`;
}
