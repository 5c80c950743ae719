import type { StoredImage as StoredUploadImage } from '../../platform/uploads';
import {
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY_CODE,
  DEFAULT_TIMEZONE,
  type OrganisationFeatures,
  type OrganisationOptions,
  type OrganisationSettings,
  type ReportOptions,
  type StoredImage,
} from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import type { FileStorage } from '../../platform/storage/storage';
import { findCurrency } from './reference-data';

/** The report images an organisation may hold, each under options.files. */
export const REPORT_IMAGES = ['report_logo', 'report_cover_image'] as const;
export type ReportImage = (typeof REPORT_IMAGES)[number];

/**
 * An image as organisations.options.files keeps it: the storage key never leaves the server.
 * Images stored before uploads were records have no file_id.
 */
export type StoredImageRecord = Omit<StoredUploadImage, 'file_id'> & { file_id?: string };

/** organisations.options as stored: every part may be missing (older rows, partial updates). */
export interface StoredOptions {
  currency_code?: string;
  country?: string;
  timezone?: string;
  features?: Partial<OrganisationFeatures>;
  settings?: Partial<OrganisationSettings>;
  report_options?: Partial<ReportOptions>;
  files?: Partial<Record<ReportImage, StoredImageRecord | null>>;
}

export const DEFAULT_FEATURES: OrganisationFeatures = {
  approvals: false,
  jobs_experience: false,
  beta_features: [],
  use_new_query_api: false,
  api_management: false,
};

/** Projects carry a reference unless switched off (docs/decisions.md "Feature flags customers see"). */
export const DEFAULT_SETTINGS: OrganisationSettings = {
  project_reference_field_enabled: true,
  location_reference_field_name: null,
  complete_job_without_sheets: 'ALLOW_WITH_NOTE',
};

/** The organisation's settings with their defaults, for a rule of another module. */
export async function readSettings(
  db: Queryable,
  organisationId: string,
): Promise<OrganisationSettings> {
  const { rows } = await db.query<{ settings: unknown }>(
    `SELECT options->'settings' AS settings FROM organisations WHERE id = $1`,
    [organisationId],
  );
  return known(DEFAULT_SETTINGS, rows[0]?.settings);
}

export const DEFAULT_REPORT_OPTIONS: ReportOptions = {
  company_name: null,
  address: null,
  telephone: null,
  email: null,
  show_job_sheet_timestamps: true,
  show_photo_timestamps: true,
  show_emails: false,
};

/** Keeps the known keys of a stored part, over its defaults. */
function known<T extends object>(defaults: T, stored: unknown): T {
  const result = { ...defaults };
  if (typeof stored !== 'object' || stored === null) return result;
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = (stored as Partial<T>)[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

type Signer = Pick<FileStorage, 'signedUrl'>;

export function presentImage(signer: Signer, image: StoredImageRecord): StoredImage {
  const { key, file_id: _fileId, ...rest } = image;
  return { ...rest, url: signer.signedUrl(key, { filename: image.name }) };
}

/**
 * The options of platform §3 with every default filled in and files as signed links. Without a
 * signer (an organisation just registered, which has no files yet) files are left out as null.
 */
export function presentOptions(raw: unknown, signer?: Signer): OrganisationOptions {
  const stored = (typeof raw === 'object' && raw !== null ? raw : {}) as StoredOptions;
  const currency =
    findCurrency(stored.currency_code ?? DEFAULT_CURRENCY_CODE) ??
    findCurrency(DEFAULT_CURRENCY_CODE)!;
  const file = (name: ReportImage) => {
    const image = stored.files?.[name];
    return image && signer ? presentImage(signer, image) : null;
  };
  return {
    currency_code: currency.code,
    currency,
    country: stored.country ?? DEFAULT_COUNTRY,
    timezone: stored.timezone ?? DEFAULT_TIMEZONE,
    features: known(DEFAULT_FEATURES, stored.features),
    settings: known(DEFAULT_SETTINGS, stored.settings),
    report_options: known(DEFAULT_REPORT_OPTIONS, stored.report_options),
    files: { report_logo: file('report_logo'), report_cover_image: file('report_cover_image') },
  };
}

/** Drops undefined values: a partial body names only what changes. */
export function defined<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
