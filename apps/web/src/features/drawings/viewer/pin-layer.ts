import L from 'leaflet';
import { PIN_RADIUS, type PinSprites } from './pin-sprites';
import { NO_STATUS, pointOf, statusKey, type ViewerDrawing, type ViewerLocation } from './pins';
import type { ViewerStatus } from './pins';

/** Leaflet's canvas renderer, with the two members a pin draws through (not in its types). */
interface CanvasInternals {
  _drawing: boolean;
  _ctx: CanvasRenderingContext2D;
}

/**
 * A location's pin: Leaflet's circle marker on the shared canvas renderer (so Leaflet keeps the
 * hit-testing, the click and hover events and the redraw of only what moved), drawn as its
 * status's bitmap instead of a stroked path.
 */
export class PinMarker extends L.CircleMarker {
  locationId: string;
  sprite: CanvasImageSource | undefined;
  selected = false;

  constructor(latlng: L.LatLngExpression, locationId: string, options: L.CircleMarkerOptions) {
    // weight only widens the area Leaflet clears and hit-tests around the pin (to the halo)
    super(latlng, { radius: PIN_RADIUS, weight: 6, ...options });
    this.locationId = locationId;
  }

  /** Overrides CircleMarker's: one drawImage, plus a halo when it is the chosen pin. */
  _updatePath(): void {
    const self = this as unknown as {
      _renderer: CanvasInternals;
      _point: L.Point;
      _empty(): boolean;
    };
    const renderer = self._renderer;
    if (!renderer._drawing || self._empty()) return;
    const context = renderer._ctx;
    const { x, y } = self._point;
    const side = PIN_RADIUS * 2 + 2;
    if (this.selected) {
      context.beginPath();
      context.arc(x, y, PIN_RADIUS + 4, 0, Math.PI * 2);
      context.fillStyle = 'rgba(34, 139, 230, 0.35)';
      context.fill();
      context.lineWidth = 2;
      context.strokeStyle = '#1c7ed6';
      context.stroke();
    }
    if (this.sprite) context.drawImage(this.sprite, x - side / 2, y - side / 2, side, side);
  }
}

/**
 * The pins of one drawing, kept in step with a list of locations by id: a changed status swaps
 * a pin's bitmap, a moved location moves its pin, and only added or removed locations add or
 * remove markers (a status change on a drawing of 5,000 pins redraws, it does not rebuild).
 */
export class PinSet {
  readonly renderer: L.Canvas;
  private readonly markers = new Map<string, PinMarker>();
  private readonly group = L.layerGroup();
  private readonly labels = new Map<string, string>();
  /** One tooltip for whichever pin the pointer is over (not one per pin). */
  private readonly tooltip = L.tooltip({ direction: 'top', offset: [0, -PIN_RADIUS] });
  private selectedId: string | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly handlers: {
      click: (locationId: string, event: L.LeafletMouseEvent) => void;
      mousedown: (marker: PinMarker, event: L.LeafletMouseEvent) => void;
    },
  ) {
    this.renderer = L.canvas({ padding: 0.5, tolerance: 3 });
    this.group.addTo(map);
  }

  get size(): number {
    return this.markers.size;
  }

  marker(locationId: string): PinMarker | undefined {
    return this.markers.get(locationId);
  }

  sync(
    locations: readonly ViewerLocation[],
    drawing: ViewerDrawing,
    statuses: readonly ViewerStatus[],
    sprites: PinSprites,
    label: (location: ViewerLocation) => string,
  ): void {
    const statusById = new Map(statuses.map((status) => [status.id, status]));
    const seen = new Set<string>();
    const added: PinMarker[] = [];
    for (const location of locations) {
      const point = pointOf(location, drawing);
      if (!point) continue;
      seen.add(location.id);
      const sprite = sprites.get(statusKey(location, statusById)) ?? sprites.get(NO_STATUS);
      const existing = this.markers.get(location.id);
      if (existing) {
        const at = existing.getLatLng();
        if (at.lat !== point.lat || at.lng !== point.lng) existing.setLatLng(point);
        if (existing.sprite !== sprite) {
          existing.sprite = sprite;
          existing.redraw();
        }
        this.labels.set(location.id, label(location));
        continue;
      }
      const marker = new PinMarker(point, location.id, { renderer: this.renderer });
      marker.sprite = sprite;
      marker.selected = location.id === this.selectedId;
      this.labels.set(location.id, label(location));
      marker.on('mouseover', () => this.hover(marker));
      marker.on('mouseout', () => this.tooltip.remove());
      marker.on('click', (event) => this.handlers.click(location.id, event));
      marker.on('mousedown', (event) => this.handlers.mousedown(marker, event));
      this.markers.set(location.id, marker);
      added.push(marker);
    }
    for (const [id, marker] of this.markers) {
      if (seen.has(id)) continue;
      this.group.removeLayer(marker);
      this.markers.delete(id);
      this.labels.delete(id);
    }
    for (const marker of added) this.group.addLayer(marker);
  }

  private hover(marker: PinMarker): void {
    this.tooltip
      .setLatLng(marker.getLatLng())
      .setContent(this.labels.get(marker.locationId) ?? '')
      .addTo(this.map);
  }

  select(locationId: string | null): void {
    if (locationId === this.selectedId) return;
    const previous = this.selectedId ? this.markers.get(this.selectedId) : undefined;
    if (previous) {
      previous.selected = false;
      previous.redraw();
    }
    this.selectedId = locationId;
    const next = locationId ? this.markers.get(locationId) : undefined;
    if (next) {
      next.selected = true;
      next.redraw();
      next.bringToFront();
    }
  }

  remove(): void {
    this.tooltip.remove();
    this.group.remove();
    this.markers.clear();
  }
}
