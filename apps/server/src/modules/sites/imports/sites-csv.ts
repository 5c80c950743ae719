import { LATITUDE_RANGE, LONGITUDE_RANGE, normaliseWhat3words } from '@fieldwork/contract';
import { z } from 'zod';
import { defineImport } from '../../../platform/imports/declaration';
import { checkedCell, issuesOf, resolveEach, textCell } from '../../../platform/imports/steps';
import { writer } from '../../../platform/resource-kit';
import { findCountryCode } from '../countries';
import { fullAddress, siteColumns, type SiteInput } from '../site-values';
import { sitesResource } from '../sites.resource';

const coordinate = (label: string, [min, max]: readonly [number, number]) =>
  checkedCell(
    (text) => {
      const number = Number(text);
      return /^[-+]?\d+(\.\d+)?$/.test(text) && number >= min && number <= max ? number : null;
    },
    () => `${label} is a number between ${min} and ${max}.`,
  );

const row = z
  .object({
    name: textCell(255),
    address_line_1: textCell(255),
    address_line_2: textCell(255),
    city: textCell(255),
    postcode: textCell(20),
    country: checkedCell(
      findCountryCode,
      (text) => `Unknown country "${text}": use an ISO code such as GB, or the country's name.`,
    ),
    latitude: coordinate('Latitude', LATITUDE_RANGE),
    longitude: coordinate('Longitude', LONGITUDE_RANGE),
    what3words: checkedCell(normaliseWhat3words, () => 'what3words is ///word.word.word.'),
    notes: textCell(5000),
  })
  .superRefine((site, context) => {
    if ((site.latitude === null) !== (site.longitude === null)) {
      context.addIssue({
        code: 'custom',
        path: [site.latitude === null ? 'latitude' : 'longitude'],
        message: 'Give both latitude and longitude, or neither.',
      });
    }
  });
type SiteRow = z.output<typeof row>;

const toInput = ({ latitude, longitude, ...site }: SiteRow): SiteInput => ({
  ...site,
  coordinates: latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null,
});

/** sites_csv: one site per row. */
export const sitesCsvImport = defineImport<SiteRow>({
  kind: 'sites_csv',
  rowLabel: 'sites (one per row)',
  collection: 'sites',
  tags: ['Site'],
  minRole: 'MANAGER',
  columns: [
    { key: 'name', header: 'Name', example: 'Riverside Apartments' },
    { key: 'address_line_1', header: 'Address line 1', example: '1 Riverside Walk' },
    { key: 'address_line_2', header: 'Address line 2', example: 'Holbeck' },
    { key: 'city', header: 'City', example: 'Leeds' },
    { key: 'postcode', header: 'Postcode', example: 'LS11 5QA' },
    { key: 'country', header: 'Country', example: 'GB' },
    { key: 'latitude', header: 'Latitude', example: '53.7921' },
    { key: 'longitude', header: 'Longitude', example: '-1.5481' },
    { key: 'what3words', header: 'what3words', example: '///filled.count.soap' },
    { key: 'notes', header: 'Notes', example: 'Site office at gate 2' },
  ],
  row,
  // the same site twice in one file is a slip, not two sites
  duplicateKey: (site) =>
    [site.name, site.address_line_1, site.address_line_2, site.city, site.postcode, site.country]
      .map((part) => part?.toLowerCase() ?? '')
      .join('\u0000'),
  duplicateField: 'name',
  resolve: async (ctx, rows) =>
    resolveEach(
      rows,
      (value) => {
        const input = toInput(value);
        const issues = issuesOf(() => siteColumns(input, null));
        if (issues.length) return { issues, input };
        const shown = {
          name: siteColumns(input, null).name,
          full_address: fullAddress({
            address_line_1: value.address_line_1,
            address_line_2: value.address_line_2,
            city: value.city,
            postcode: value.postcode,
            country_iso_code: value.country,
          }),
        };
        return { issues, shown, input };
      },
      (inputs) =>
        writer(sitesResource).insert(
          ctx,
          inputs.map((input) => ({ ...input })),
        ),
    ),
});
