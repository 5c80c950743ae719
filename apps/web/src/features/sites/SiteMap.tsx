import type { LatLng } from '@fieldwork/contract';
import { Box, Center, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const ZOOM = 16;

/**
 * A site's place on an OpenStreetMap map (Leaflet), or a note that it has no coordinates yet.
 * Tiles that cannot load (offline) leave the marker on a plain background and say so.
 */
export function SiteMap({
  coordinates,
  height = 320,
  label = 'Site location',
}: {
  coordinates: LatLng | null;
  height?: number;
  /** The accessible name of the map. */
  label?: string;
}) {
  if (!coordinates) {
    return (
      <Center
        h={height}
        bg="var(--mantine-color-gray-light)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        data-testid="site-map-empty"
      >
        <Text c="dimmed" size="sm" ta="center">
          <IconMapPinOff size={20} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          No coordinates yet: add them to see the site on a map.
        </Text>
      </Center>
    );
  }
  return <LeafletMap coordinates={coordinates} height={height} label={label} />;
}

function LeafletMap({
  coordinates,
  height,
  label,
}: {
  coordinates: LatLng;
  height: number;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const { lat, lng } = coordinates;

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false }).setView([lat, lng], ZOOM);
    L.tileLayer(TILES, { attribution: ATTRIBUTION, maxZoom: 19 })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map);
    // a drawn circle needs no marker images, which bundlers tend to lose
    L.circleMarker([lat, lng], {
      radius: 9,
      color: '#1c7ed6',
      weight: 3,
      fillColor: '#4dabf7',
      fillOpacity: 0.9,
    })
      .bindTooltip(`${lat.toFixed(5)}, ${lng.toFixed(5)}`)
      .addTo(map);
    return () => {
      map.remove();
    };
  }, [lat, lng]);

  return (
    <Box pos="relative">
      <Box
        ref={container}
        h={height}
        role="region"
        aria-label={label}
        data-testid="site-map"
        style={{ borderRadius: 'var(--mantine-radius-md)', zIndex: 0 }}
        bg="var(--mantine-color-gray-1)"
      />
      {tilesFailed && (
        <Text
          size="xs"
          c="dimmed"
          pos="absolute"
          top={8}
          left={56}
          right={8}
          bg="var(--mantine-color-body)"
          px={6}
          w="fit-content"
          style={{ zIndex: 500, borderRadius: 4 }}
        >
          Map tiles could not load; the marker shows the spot.
        </Text>
      )}
    </Box>
  );
}
