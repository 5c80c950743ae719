import { joinAddress, type LatLng } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { Row } from '../../platform/resource-kit';
import { countryName, isCountry } from './countries';

/** A site body after the contract's schema: country as an ISO code, what3words normalised. */
export interface SiteInput {
  name?: string | null;
  name_is_custom?: boolean;
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
  coordinates?: LatLng | null;
  what3words?: string | null;
  notes?: string | null;
}

const ADDRESS_PARTS = ['address_line_1', 'address_line_2', 'city', 'postcode'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];
type Address = Record<AddressPart, string | null> & { country_iso_code: string | null };

export function fullAddress(address: Address): string {
  const country = address.country_iso_code ? countryName(address.country_iso_code) : null;
  return joinAddress([...ADDRESS_PARTS.map((part) => address[part]), country]);
}

/**
 * The name a site without a name of its own carries: line 1, else the full address. A country
 * alone is no address (it is what an untouched form sends), so it names nothing.
 */
export const derivedName = (address: Address) =>
  address.address_line_1 ||
  (ADDRESS_PARTS.some((part) => address[part]) ? fullAddress(address) : '');

/**
 * Turns a site body into column values: country → country_iso_code, coordinates → latitude and
 * longitude, and the name kept in step with the address unless the site has a name of its own.
 * `existing` is the presented site being updated (null on create).
 */
export function siteColumns(input: SiteInput, existing: Row | null): Record<string, unknown> {
  const { name, name_is_custom, country, coordinates, ...rest } = input;
  const columns: Record<string, unknown> = { ...rest };
  if (country !== undefined) {
    if (country !== null && !isCountry(country)) {
      throw validationFailure([
        {
          field: 'country',
          message: `Unknown country "${country}": use an ISO 3166-1 code such as GB.`,
          code: 'invalid_country',
        },
      ]);
    }
    columns.country_iso_code = country;
  }
  if (coordinates !== undefined) {
    columns.latitude = coordinates?.lat ?? null;
    columns.longitude = coordinates?.lng ?? null;
  }

  const before = existing?.country as { iso_code: string } | null | undefined;
  const address = Object.fromEntries(
    ADDRESS_PARTS.map((part) => [
      part,
      (part in columns ? columns[part] : existing?.[part]) ?? null,
    ]),
  ) as Address;
  address.country_iso_code = country !== undefined ? country : (before?.iso_code ?? null);

  // A given name is the site's own; null (or "") hands the name back to the address.
  const custom =
    name_is_custom ?? (name ? true : name === null ? false : Boolean(existing?.name_is_custom));
  const nextName = custom
    ? name || (existing?.name as string | undefined) || derivedName(address)
    : derivedName(address);
  if (!nextName) {
    throw validationFailure([
      {
        field: 'name',
        message: 'Give the site a name or an address.',
        code: 'required',
      },
    ]);
  }
  if (!existing || existing.name !== nextName) columns.name = nextName;
  if (!existing || existing.name_is_custom !== custom) columns.name_is_custom = custom;
  return columns;
}

/** A selected site row as the API answers it: country as {name, iso_code}, and the full address. */
export function presentSite(row: Row): Row {
  const code = typeof row.country === 'string' ? row.country : null;
  const address = { ...(row as unknown as Address), country_iso_code: code };
  return {
    ...row,
    country: code ? { name: countryName(code), iso_code: code } : null,
    full_address: fullAddress(address),
  };
}
