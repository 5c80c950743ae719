import { DEFAULT_COUNTRY, DEFAULT_CURRENCY_CODE, DEFAULT_TIMEZONE } from '@fieldwork/contract';
import type { Organisation, OrganisationOptions, StoredImage } from '@fieldwork/contract';
import { flag, list, part, text } from '../setup';

const image = (value: unknown): StoredImage | null => {
  const candidate = part(value);
  return typeof candidate.url === 'string' ? (candidate as unknown as StoredImage) : null;
};

/**
 * The organisation's options (platform §3) as the server presents them, read defensively: a
 * missing part reads as the defaults of a new organisation (docs/organisation-setup.md).
 */
export function optionsOf(organisation: Pick<Organisation, 'options'>): OrganisationOptions {
  const raw = part(organisation.options);
  const features = part(raw.features);
  const settings = part(raw.settings);
  const report = part(raw.report_options);
  const files = part(raw.files);
  const currencyCode = text(raw.currency_code, DEFAULT_CURRENCY_CODE);
  const currency = part(raw.currency);
  return {
    currency_code: currencyCode,
    currency: {
      code: text(currency.code, currencyCode),
      name: text(currency.name, currencyCode),
      prefix: text(currency.prefix, ''),
      suffix: text(currency.suffix, ''),
    },
    country: text(raw.country, DEFAULT_COUNTRY),
    timezone: text(raw.timezone, DEFAULT_TIMEZONE),
    features: {
      approvals: flag(features.approvals, false),
      jobs_experience: flag(features.jobs_experience, false),
      beta_features: list(features.beta_features),
      use_new_query_api: flag(features.use_new_query_api, false),
      api_management: flag(features.api_management, false),
    },
    settings: {
      project_reference_field_enabled: flag(settings.project_reference_field_enabled, true),
      location_reference_field_name: text(settings.location_reference_field_name),
      complete_job_without_sheets:
        settings.complete_job_without_sheets === 'REFUSE' ? 'REFUSE' : 'ALLOW_WITH_NOTE',
    },
    report_options: {
      company_name: text(report.company_name),
      address: text(report.address),
      telephone: text(report.telephone),
      email: text(report.email),
      show_job_sheet_timestamps: flag(report.show_job_sheet_timestamps, true),
      show_photo_timestamps: flag(report.show_photo_timestamps, true),
      show_emails: flag(report.show_emails, false),
    },
    files: {
      report_logo: image(files.report_logo),
      report_cover_image: image(files.report_cover_image),
    },
  };
}
