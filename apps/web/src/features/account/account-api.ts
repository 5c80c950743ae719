import type {
  Country,
  Currency,
  Organisation,
  ReportOptionsBody,
  SettingsBody,
  UpdateOrganisationBody,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { fileForm, uploadWithProgress, type FileUpload } from '../../api/upload';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { organisationQueryKey, useOrganisationMutation } from '../setup';

/** The account calls of docs/organisation-setup.md; every change answers `{organisation}`. */

const organisationApi = resourceApi<never, never>('organisation');
const optionsApi = resourceApi<never, never>('options');

type OrganisationAnswer = { organisation: Organisation };
export type ReportImageKind = 'report_logo' | 'report_cover_image';

/**
 * GET /organisation: the organisation with fresh signed image links (those in the session's
 * context expire after an hour). Shows the session's copy until the answer arrives.
 */
export function useOrganisationDetails() {
  const organisation = useCurrentOrganisation();
  return useQuery({
    queryKey: organisationQueryKey(organisation.id),
    queryFn: async () => (await organisationApi.overview<OrganisationAnswer>()).organisation,
    initialData: organisation,
    initialDataUpdatedAt: 0,
  });
}

/** The server's reference lists (public, the same for everyone): loaded once per session. */
function useReferenceList<T>(list: string) {
  return useQuery({
    queryKey: ['reference', `/${list}`],
    queryFn: async () =>
      (await resourceApi<T, never>(list, { client: 'public' }).overview<{ data: T[] }>()).data,
    staleTime: Infinity,
  });
}

export const useCurrencies = () => useReferenceList<Currency>('currencies');
export const useCountries = () => useReferenceList<Country>('countries');
export const useTimezones = () => useReferenceList<string>('timezones');

/** PUT /organisation: name, currency, country, time zone, features (each part partial). */
export const useUpdateOrganisation = () =>
  useOrganisationMutation((body: UpdateOrganisationBody) =>
    organisationApi.actOn<OrganisationAnswer>('', body, { method: 'put' }),
  );

/** PUT /options/settings */
export const useUpdateSettings = () =>
  useOrganisationMutation((body: SettingsBody) =>
    optionsApi.actOn<OrganisationAnswer>('settings', body, { method: 'put' }),
  );

/** PUT /options/report_options */
export const useUpdateReportOptions = () =>
  useOrganisationMutation((body: ReportOptionsBody) =>
    optionsApi.actOn<OrganisationAnswer>('report_options', body, { method: 'put' }),
  );

/** POST /options/{kind}: multipart, one image in `file` (replaces the old one), with its progress. */
export const useUploadReportImage = (kind: ReportImageKind) =>
  useOrganisationMutation(({ file, onProgress }: FileUpload) =>
    uploadWithProgress<OrganisationAnswer>({
      url: `/options/${kind}`,
      body: fileForm(file),
      onProgress,
    }),
  );

/** DELETE /options/{kind} */
export const useRemoveReportImage = (kind: ReportImageKind) =>
  useOrganisationMutation(() =>
    optionsApi.actOn<OrganisationAnswer>(kind, undefined, { method: 'delete' }),
  );
