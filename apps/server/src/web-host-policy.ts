import { VIDEO_EMBED_HOSTS } from '@fieldwork/contract';
import type { Config } from './config';

/** Map tiles of the site maps (Leaflet over OpenStreetMap: a, b and c.tile.openstreetmap.org). */
export const MAP_TILE_HOSTS = 'https://*.tile.openstreetmap.org';

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline script, no eval), the
 * API on its own origin for data and for files (images are served through signed API links),
 * map tiles, the video hosts a changelog may embed, and nothing may frame the app. Styles allow
 * 'unsafe-inline': Mantine writes its CSS variables into a <style> element and style props into
 * style attributes. Over https, insecure requests are upgraded.
 */
export function webContentSecurityPolicy(
  config: Pick<Config, 'publicApiUrl' | 'publicWebUrl'>,
): Record<string, string[]> {
  const api = new URL(config.publicApiUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api, MAP_TILE_HOSTS],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", api],
    'frame-src': VIDEO_EMBED_HOSTS.map((host) => `https://${host}`),
    'media-src': ["'self'", api],
    'worker-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicWebUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}
