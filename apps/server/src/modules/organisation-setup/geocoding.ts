import type { Coordinates } from '@fieldwork/contract';
import { AppError, notFound, validationFailure } from '../../platform/errors';

/** Turns an address into coordinates: Google's Geocoding API when configured, otherwise nothing. */
export interface Geocoder {
  readonly configured: boolean;
  geocode(address: string): Promise<Coordinates>;
}

/** The default: this server has no geocoder, and says so. */
export const offlineGeocoder: Geocoder = {
  configured: false,
  geocode() {
    return Promise.reject(
      validationFailure(
        [
          {
            field: 'address',
            message: 'Geocoding is not configured on this server (GOOGLE_MAPS_API_KEY is unset).',
            code: 'geocoding_not_configured',
          },
        ],
        'Geocoding is not configured on this server.',
      ),
    );
  },
};

interface GoogleAnswer {
  status: string;
  error_message?: string;
  results?: Array<{
    formatted_address: string;
    geometry: { location: { lat: number; lng: number } };
  }>;
}

const GOOGLE_GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const TIMEOUT_MS = 5000;

/** Google's Geocoding API (https://developers.google.com/maps/documentation/geocoding). */
export function googleGeocoder(apiKey: string, endpoint = GOOGLE_GEOCODE_URL): Geocoder {
  return {
    configured: true,
    async geocode(address) {
      const url = new URL(endpoint);
      url.searchParams.set('address', address);
      url.searchParams.set('key', apiKey);
      let answer: GoogleAnswer;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        answer = (await response.json()) as GoogleAnswer;
      } catch (error) {
        throw new AppError(
          503,
          'geocoding_unavailable',
          `The geocoding service could not be reached (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      }
      const first = answer.results?.[0];
      if (answer.status === 'ZERO_RESULTS' || (answer.status === 'OK' && !first)) {
        throw notFound('Address', 'address_not_found');
      }
      if (answer.status !== 'OK' || !first) {
        throw new AppError(
          503,
          'geocoding_failed',
          `The geocoding service refused the request: ${answer.status}${answer.error_message ? ` (${answer.error_message})` : ''}.`,
        );
      }
      return {
        address,
        formatted_address: first.formatted_address,
        lat: first.geometry.location.lat,
        lng: first.geometry.location.lng,
      };
    },
  };
}

/** GOOGLE_MAPS_API_KEY selects Google; GOOGLE_GEOCODING_URL may point it elsewhere (tests). */
export function geocoderFromEnv(env: NodeJS.ProcessEnv = process.env): Geocoder {
  const key = env.GOOGLE_MAPS_API_KEY?.trim();
  return key ? googleGeocoder(key, env.GOOGLE_GEOCODING_URL || undefined) : offlineGeocoder;
}
