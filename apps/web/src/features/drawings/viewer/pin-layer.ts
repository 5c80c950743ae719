import L from 'leaflet';
import { PIN_RADIUS, type PinSprites } from './pin-sprites';
import { NO_STATUS, pointOf, statusKey, type ViewerDrawing, type ViewerLocation } from './pins';
import type { ViewerStatus } from './pins';

/** A pin as the canvas keeps it: where it is on the drawing and on the layer, and its bitmap. */
export interface Pin {
  id: string;
  latlng: L.LatLng;
  /** Its place in layer pixels, set on every projection (zoom, reset). */
  x: number;
  y: number;
  sprite: CanvasImageSource | undefined;
  label: string;
}

export interface PinHandlers {
  click: (pin: Pin) => void;
  /** A press on a pin; answering true claims the gesture (the map does not start a pan). */
  press: (pin: Pin, event: MouseEvent) => boolean;
}

/**
 * Leaflet's canvas renderer (which keeps its canvas placed, padded and animated through pans and
 * zooms) drawing thousands of pins from plain arrays instead of one Leaflet layer each: a pin
 * costs one projection and one drawImage of its status's bitmap, and the pointer is matched by
 * a scan over the pins (5,000 distance checks are a few hundredths of a millisecond). Added as
 * 5,000 circle markers, the same pins took half a second to add and a Leaflet layer apiece.
 *
 * It overrides the renderer's members that draw and that hit-test (`_updatePaths`, `_draw`,
 * `_onClick`, `_onMouseMove`, `_handleMouseOut`), private members of Leaflet 1.9 (pinned ^1.9).
 */
const CanvasBase = L.Canvas as unknown as new (
  options?: L.RendererOptions,
) => L.Canvas & CanvasInternals;

interface CanvasInternals {
  _map: L.Map & { _fireDOMEvent(event: Event, type: string): void; _animatingZoom?: boolean };
  _ctx: CanvasRenderingContext2D;
  _container: HTMLCanvasElement;
  _redraw(): void;
}

export class PinCanvas extends CanvasBase {
  private pins: Pin[] = [];
  private byId = new Map<string, Pin>();
  private selectedId: string | null = null;
  private hovered: Pin | null = null;
  private readonly tooltip = L.tooltip({ direction: 'top', offset: [0, -PIN_RADIUS] });

  constructor(private readonly handlers: PinHandlers) {
    super({ padding: 0.5 });
  }

  get size(): number {
    return this.pins.length;
  }

  pin(id: string): Pin | undefined {
    return this.byId.get(id);
  }

  /** The pins of these locations (pinned ones only), each drawn as its status's bitmap. */
  setPins(
    locations: readonly ViewerLocation[],
    drawing: ViewerDrawing,
    statuses: readonly ViewerStatus[],
    sprites: PinSprites,
    label: (location: ViewerLocation) => string,
  ): void {
    const statusById = new Map(statuses.map((status) => [status.id, status]));
    const pins: Pin[] = [];
    for (const location of locations) {
      const point = pointOf(location, drawing);
      if (!point) continue;
      pins.push({
        id: location.id,
        latlng: L.latLng(point.lat, point.lng),
        x: 0,
        y: 0,
        sprite: sprites.get(statusKey(location, statusById)) ?? sprites.get(NO_STATUS),
        label: label(location),
      });
    }
    this.pins = pins;
    this.byId = new Map(pins.map((pin) => [pin.id, pin]));
    if (this.hovered && !this.byId.has(this.hovered.id)) this.leave();
    if (this._map) this._updatePaths();
  }

  select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    if (this._map) this._redraw();
  }

  /** Moves one pin (while it is dragged) and redraws. */
  movePin(pin: Pin, latlng: L.LatLng): void {
    pin.latlng = latlng;
    this.project(pin);
    this._redraw();
  }

  private project(pin: Pin): void {
    const point = this._map.latLngToLayerPoint(pin.latlng);
    pin.x = point.x;
    pin.y = point.y;
  }

  /** The top-most pin under a point of the layer, if any. */
  hit(point: L.Point): Pin | null {
    const reach = (PIN_RADIUS + 2) ** 2;
    const selected = this.selectedId ? this.byId.get(this.selectedId) : undefined;
    if (selected && (selected.x - point.x) ** 2 + (selected.y - point.y) ** 2 <= reach) {
      return selected;
    }
    for (let index = this.pins.length - 1; index >= 0; index--) {
      const pin = this.pins[index] as Pin;
      if ((pin.x - point.x) ** 2 + (pin.y - point.y) ** 2 <= reach) return pin;
    }
    return null;
  }

  override onRemove(map: L.Map): this {
    this.tooltip.remove();
    return super.onRemove(map);
  }

  // The renderer's members, overridden -------------------------------------------------------

  _updatePaths(): void {
    for (const pin of this.pins) this.project(pin);
    this._redraw();
  }

  _draw(): void {
    const context = this._ctx;
    const side = PIN_RADIUS * 2 + 2;
    const half = side / 2;
    let selected: Pin | undefined;
    for (const pin of this.pins) {
      if (pin.id === this.selectedId) selected = pin;
      else if (pin.sprite) context.drawImage(pin.sprite, pin.x - half, pin.y - half, side, side);
    }
    if (!selected) return;
    // the chosen pin on top, with a halo
    context.beginPath();
    context.arc(selected.x, selected.y, PIN_RADIUS + 4, 0, Math.PI * 2);
    context.fillStyle = 'rgba(34, 139, 230, 0.35)';
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = '#1c7ed6';
    context.stroke();
    if (selected.sprite) {
      context.drawImage(selected.sprite, selected.x - half, selected.y - half, side, side);
    }
  }

  _onClick(event: MouseEvent): void {
    const pin = this.hit(this._map.mouseEventToLayerPoint(event));
    if (pin && event.type === 'click') {
      L.DomEvent.stop(event);
      this.handlers.click(pin);
      return;
    }
    if (pin && event.type === 'mousedown' && this.handlers.press(pin, event)) {
      L.DomEvent.stop(event);
      return;
    }
    if (pin && event.type === 'dblclick') {
      L.DomEvent.stop(event);
      return;
    }
    this._map._fireDOMEvent(event, event.type);
  }

  _onMouseMove(event: MouseEvent): void {
    const map = this._map;
    const panning = (map?.dragging as unknown as { moving(): boolean } | undefined)?.moving();
    if (!map || panning || map._animatingZoom) return;
    const pin = this.hit(map.mouseEventToLayerPoint(event));
    if (pin !== this.hovered) {
      this.leave();
      if (pin) {
        this.hovered = pin;
        L.DomUtil.addClass(this._container, 'leaflet-interactive');
        this.tooltip.setLatLng(pin.latlng).setContent(pin.label).addTo(map);
      }
    }
    map._fireDOMEvent(event, 'mousemove');
  }

  _handleMouseOut(): void {
    this.leave();
  }

  private leave(): void {
    if (!this.hovered) return;
    this.hovered = null;
    if (this._container) L.DomUtil.removeClass(this._container, 'leaflet-interactive');
    this.tooltip.remove();
  }
}
