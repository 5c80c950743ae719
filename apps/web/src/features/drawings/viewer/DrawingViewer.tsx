import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PinCanvas, type Pin } from './pin-layer';
import { makePinSprites, type PinSprites } from './pin-sprites';
import {
  clampToDrawing,
  drawingBounds,
  drawingSize,
  pinLabel,
  positionOf,
  visibleLocations,
  type DrawingPosition,
  type ViewerDrawing,
  type ViewerLocation,
  type ViewerStatus,
} from './pins';

/** The width of the image the sheet opens on (a 35-megapixel A0 page takes seconds to paint). */
export const PREVIEW_WIDTH = 2560;

/** What a click on the sheet does: nothing (view), add a location there, or move the chosen pin. */
export type ViewerMode = 'view' | 'place' | 'move';

export interface DrawingViewerProps {
  drawing: ViewerDrawing;
  /**
   * The drawing's image at most `maxWidth` pixels wide, or at its full size for null
   * (GET /drawings/{id}/image with its conversion query). The sheet opens on a preview and the
   * full image loads once the zoom shows more detail than the preview has.
   */
  imageUrl: (maxWidth: number | null) => string;
  locations: readonly ViewerLocation[];
  statuses: readonly ViewerStatus[];
  /** Status ids (or "none") whose pins are hidden. */
  hidden: ReadonlySet<string>;
  selectedId?: string | null;
  onSelect?: (locationId: string | null) => void;
  mode?: ViewerMode;
  /** A click on the sheet in place mode. */
  onPlace?: (position: DrawingPosition) => void;
  /** A pin dropped elsewhere (dragged, or the sheet clicked in move mode). */
  onMove?: (locationId: string, to: DrawingPosition, from: DrawingPosition) => void;
  /** Whether pins may be dragged. */
  canMove?: boolean;
  height?: number | string;
  /** Called once the drawing's pins are first drawn (the bench times it). */
  onFirstFrame?: () => void;
}

/**
 * A drawing with its locations' pins: Leaflet with its simple CRS (one unit a pixel of the
 * drawing) gives the zoom and pan by wheel, pinch, drag and keyboard (arrows, + and −); the pins
 * share one canvas. A pin is clicked to choose its location, dragged to move it; a phone can make
 * the viewer fill the screen.
 */
export function DrawingViewer(props: DrawingViewerProps) {
  const { drawing, imageUrl, locations, statuses, hidden, selectedId = null } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [pins, setPins] = useState<PinCanvas | null>(null);
  const [sprites, setSprites] = useState<PinSprites | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const firstFrameSent = useRef(false);

  const shown = useMemo(
    () => visibleLocations(locations, statuses, drawing, hidden),
    [locations, statuses, drawing, hidden],
  );
  const statusLook = statuses.map((status) => `${status.id}:${status.color}:${status.icon}`);
  const statusKeyText = statusLook.join('|');

  const { width } = drawingSize(drawing);
  const preview = width > PREVIEW_WIDTH ? PREVIEW_WIDTH : null;
  const firstImage = imageUrl(preview);
  const fullImage = imageUrl(null);

  // The map and the drawing's image: made once per drawing.
  useEffect(() => {
    if (!container.current) return;
    const bounds = drawingBounds(drawing);
    const created = L.map(container.current, {
      crs: L.CRS.Simple,
      zoomSnap: 0.25,
      zoomDelta: 0.5,
      wheelPxPerZoomLevel: 120,
      attributionControl: false,
      maxBoundsViscosity: 0.8,
      // a sheet wider than the screen fits at a negative zoom; the real floor is set below
      minZoom: -10,
      preferCanvas: true,
    });
    L.imageOverlay(firstImage, bounds, { alt: drawing.name }).addTo(created);
    if (preview !== null) {
      const needsFull = () =>
        width * created.getZoomScale(created.getZoom(), 0) * (window.devicePixelRatio || 1) >
        preview * 1.1;
      const loadFull = () => {
        if (!needsFull()) return;
        created.off('zoomend', loadFull);
        L.imageOverlay(fullImage, bounds, { alt: '' }).addTo(created);
      };
      created.on('zoomend', loadFull);
    }
    created.fitBounds(bounds);
    created.setMinZoom(created.getZoom() - 1);
    created.setMaxZoom(Math.max(created.getZoom() + 5, 3));
    created.setMaxBounds(L.latLngBounds(bounds).pad(0.25));
    const set: PinCanvas = new PinCanvas({
      click: (pin) => {
        if (dragged.current) return;
        latest.current.onSelect?.(pin.id);
      },
      press: (pin, event): boolean => startDrag(created, set, pin, event),
    });
    created.addLayer(set);
    created.on('click', (event) => {
      const current = latest.current;
      const position = positionOf(event.latlng, drawing);
      if (current.mode === 'place' && position) current.onPlace?.(position);
      else if (current.mode === 'move' && position && current.selectedId) {
        const pin = set.pin(current.selectedId);
        const from = pin && positionOf(pin.latlng, drawing);
        if (from) current.onMove?.(current.selectedId, position, from);
      } else if (current.mode === 'view') current.onSelect?.(null);
    });
    setMap(created);
    setPins(set);
    return () => {
      created.remove();
      setMap(null);
      setPins(null);
    };
    // the drawing's size and image decide the map; its other fields change nothing here
  }, [drawing.id, drawing.width, drawing.height, firstImage, fullImage]);

  // A pin pressed and moved is dragged (mouse); released, its new place is reported.
  const dragged = useRef(false);
  function startDrag(on: L.Map, set: PinCanvas, pin: Pin, down: MouseEvent): boolean {
    dragged.current = false;
    if (!latest.current.canMove || latest.current.mode !== 'view' || down.button !== 0) {
      return false;
    }
    const start = pin.latlng;
    const startPoint = on.mouseEventToContainerPoint(down);
    const move = (event: L.LeafletMouseEvent) => {
      if (!dragged.current && event.containerPoint.distanceTo(startPoint) < 4) return;
      dragged.current = true;
      set.movePin(pin, L.latLng(clampToDrawing(event.latlng, latest.current.drawing)));
    };
    const up = () => {
      on.off('mousemove', move);
      document.removeEventListener('mouseup', up);
      if (!dragged.current) return;
      const to = positionOf(pin.latlng, latest.current.drawing);
      const from = positionOf(start, latest.current.drawing);
      if (to && from) latest.current.onMove?.(pin.id, to, from);
      else set.movePin(pin, start);
      // the click that follows the release is the drag's, not a choice of the pin
      setTimeout(() => (dragged.current = false), 0);
    };
    on.on('mousemove', move);
    document.addEventListener('mouseup', up);
    return true;
  }

  // The status bitmaps: remade when a status's colour or icon changes.
  useEffect(() => {
    let live = true;
    void makePinSprites(latest.current.statuses).then((made) => live && setSprites(made));
    return () => {
      live = false;
    };
  }, [statusKeyText]);

  useEffect(() => {
    if (!pins || !sprites || !map) return;
    pins.setPins(shown, drawing, statuses, sprites, pinLabel);
    pins.select(selectedId);
    if (!firstFrameSent.current) {
      firstFrameSent.current = true;
      // Leaflet draws the pins in the next animation frame; the one after it follows its paint
      requestAnimationFrame(() => requestAnimationFrame(() => latest.current.onFirstFrame?.()));
    }
  }, [pins, sprites, map, shown, drawing, statuses, selectedId]);

  useEffect(() => {
    map?.invalidateSize();
  }, [map, fullScreen]);

  useEffect(() => {
    if (!container.current) return;
    container.current.style.cursor = props.mode === 'view' ? '' : 'crosshair';
  }, [props.mode, map]);

  return (
    <Box
      pos={fullScreen ? 'fixed' : 'relative'}
      inset={fullScreen ? 0 : undefined}
      style={{ zIndex: fullScreen ? 300 : 0 }}
      bg="var(--mantine-color-body)"
      data-testid="drawing-viewer"
      data-pins={shown.length}
    >
      <Box
        ref={container}
        h={fullScreen ? '100dvh' : (props.height ?? 560)}
        role="application"
        aria-label={`Drawing ${drawing.name}: arrow keys pan, plus and minus zoom`}
        aria-roledescription="drawing"
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: fullScreen ? 0 : 'var(--mantine-radius-md)' }}
      />
      <Group pos="absolute" top={10} right={10} gap={6} style={{ zIndex: 500 }}>
        {props.mode !== 'view' && (
          <Text size="xs" bg="var(--mantine-color-body)" px={8} py={4} style={{ borderRadius: 4 }}>
            {props.mode === 'place'
              ? 'Click the drawing where the location is'
              : 'Click the drawing where the pin goes'}
          </Text>
        )}
        <Tooltip label={fullScreen ? 'Leave full screen' : 'Full screen'}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={fullScreen ? 'Leave full screen' : 'Full screen'}
            onClick={() => setFullScreen((now) => !now)}
          >
            {fullScreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}
