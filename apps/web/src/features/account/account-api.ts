import type {
  Country,
  Currency,
  Organisation,
  ReportOptionsBody,
  SettingsBody,
  UpdateOrganisationBody,
} from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { organisationQueryKey, useOrganisationMutation } from '../setup/organisation-answer';

/** The account calls of docs/organisation-setup.md; every change answers `{organisation}`. */

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
    queryFn: async () =>
      (await request<OrganisationAnswer>({ method: 'get', url: '/organisation' })).organisation,
    initialData: organisation,
    initialDataUpdatedAt: 0,
  });
}

/** The server's reference lists (public, the same for everyone): loaded once per session. */
function useReferenceList<T>(path: string) {
  return useQuery({
    queryKey: ['reference', path],
    queryFn: async () =>
      (await request<{ data: T[] }>({ method: 'get', url: path, client: 'public' })).data,
    staleTime: Infinity,
  });
}

export const useCurrencies = () => useReferenceList<Currency>('/currencies');
export const useCountries = () => useReferenceList<Country>('/countries');
export const useTimezones = () => useReferenceList<string>('/timezones');

/** PUT /organisation: name, currency, country, time zone, features (each part partial). */
export const useUpdateOrganisation = () =>
  useOrganisationMutation((body: UpdateOrganisationBody) =>
    request<OrganisationAnswer>({ method: 'put', url: '/organisation', body }),
  );

/** PUT /options/settings */
export const useUpdateSettings = () =>
  useOrganisationMutation((body: SettingsBody) =>
    request<OrganisationAnswer>({ method: 'put', url: '/options/settings', body }),
  );

/** PUT /options/report_options */
export const useUpdateReportOptions = () =>
  useOrganisationMutation((body: ReportOptionsBody) =>
    request<OrganisationAnswer>({ method: 'put', url: '/options/report_options', body }),
  );

/** POST /options/{kind}: multipart, one image in `file` (replaces the old one). */
export const useUploadReportImage = (kind: ReportImageKind) =>
  useOrganisationMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request<OrganisationAnswer>({ method: 'post', url: `/options/${kind}`, body });
  });

/** DELETE /options/{kind} */
export const useRemoveReportImage = (kind: ReportImageKind) =>
  useOrganisationMutation(() =>
    request<OrganisationAnswer>({ method: 'delete', url: `/options/${kind}` }),
  );
