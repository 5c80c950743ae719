import {
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  joinAddress,
  normaliseWhat3words,
} from '@fieldwork/contract';
import type { FieldError, Site } from '@fieldwork/contract';
import type { SiteInput } from './sites-api';

export const SITE_FORM_FIELDS = [
  'name',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
  'latitude',
  'longitude',
  'what3words',
  'notes',
] as const;
export type SiteFormField = (typeof SITE_FORM_FIELDS)[number];
export type SiteFormValues = Record<SiteFormField, string>;

/** The form's text values for a site (or blank for a new one, in the organisation's country). */
export function siteFormValues(site: Site | undefined, defaultCountry = ''): SiteFormValues {
  return {
    // a name that follows the address is not the user's: the field stays empty
    name: site?.name_is_custom ? site.name : '',
    address_line_1: site?.address_line_1 ?? '',
    address_line_2: site?.address_line_2 ?? '',
    city: site?.city ?? '',
    postcode: site?.postcode ?? '',
    country: site ? (site.country?.iso_code ?? '') : defaultCountry,
    latitude: site?.coordinates ? String(site.coordinates.lat) : '',
    longitude: site?.coordinates ? String(site.coordinates.lng) : '',
    what3words: site?.what3words ? `///${site.what3words}` : '',
    notes: site?.notes ?? '',
  };
}

const orNull = (value: string) => value.trim() || null;

function coordinate(value: string, [min, max]: readonly [number, number], label: string) {
  const text = value.trim().replace(/°$/, '');
  if (!text) return { value: null };
  const number = Number(text);
  if (!/^[-+]?\d+(\.\d+)?$/.test(text) || number < min || number > max) {
    return { error: `${label} is a number between ${min} and ${max}` };
  }
  return { value: number };
}

/**
 * The body for the server, or the problems the browser can see already (the server checks the
 * same rules): coordinates in range and both or neither, what3words as ///word.word.word.
 */
export function siteInputFrom(
  values: SiteFormValues,
): { input: SiteInput; errors: null } | { input: null; errors: Partial<SiteFormValues> } {
  const errors: Partial<SiteFormValues> = {};
  const lat = coordinate(values.latitude, LATITUDE_RANGE, 'Latitude');
  const lng = coordinate(values.longitude, LONGITUDE_RANGE, 'Longitude');
  if (lat.error) errors.latitude = lat.error;
  if (lng.error) errors.longitude = lng.error;
  if (!lat.error && !lng.error && (lat.value === null) !== (lng.value === null)) {
    errors[lat.value === null ? 'latitude' : 'longitude'] = 'Give both coordinates, or neither';
  }
  const what3words = values.what3words.trim() ? normaliseWhat3words(values.what3words) : null;
  if (values.what3words.trim() && !what3words) {
    errors.what3words = 'A what3words address looks like ///filled.count.soap';
  }
  // The country is filled in for a new site: on its own it is no address (nor a site's name).
  const hasAddress = [
    values.address_line_1,
    values.address_line_2,
    values.city,
    values.postcode,
  ].some((part) => part.trim());
  if (!values.name.trim() && !hasAddress) errors.name = 'Give the site a name or an address';
  if (Object.keys(errors).length) return { input: null, errors };
  return {
    errors: null,
    input: {
      name: orNull(values.name),
      address_line_1: orNull(values.address_line_1),
      address_line_2: orNull(values.address_line_2),
      city: orNull(values.city),
      postcode: orNull(values.postcode),
      country: orNull(values.country),
      coordinates:
        lat.value != null && lng.value != null ? { lat: lat.value, lng: lng.value } : null,
      what3words,
      notes: orNull(values.notes),
    },
  };
}

/** The server names coordinates as coordinates.lat / .lng; the form as latitude / longitude. */
export function siteFormFieldOf(serverField: string): string {
  if (serverField.startsWith('coordinates.lat')) return 'latitude';
  if (serverField.startsWith('coordinates.lng')) return 'longitude';
  if (serverField === 'coordinates') return 'latitude';
  return serverField;
}

export const renameSiteErrors = (errors: FieldError[]): FieldError[] =>
  errors.map((error) => ({ ...error, field: siteFormFieldOf(error.field) }));

/** What "Find coordinates" looks up: the address as typed, with the country's name. */
export function geocodingAddress(values: SiteFormValues, countryName: string | undefined) {
  return joinAddress([
    values.address_line_1,
    values.address_line_2,
    values.city,
    values.postcode,
    countryName ?? values.country,
  ]);
}

/** https://what3words.com/filled.count.soap */
export const what3wordsUrl = (words: string) =>
  `https://what3words.com/${encodeURIComponent(words)}`;
