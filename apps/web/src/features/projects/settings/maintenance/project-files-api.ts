import type { Project } from '@fieldwork/contract';
import { request } from '../../../../api/request';
import { useOrganisationMutation } from '../../../settings/settings-query';

const one = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
const coverImage = (projectId: string) => `${one(projectId)}/files/report_cover_image`;

/** The project's maintenance actions (POST /projects/{id}/{action} → {data: Project}). */
export const PROJECT_ACTIONS = [
  'recalculate_rates',
  'clear_page_cache',
  'enable_approvals_on_all_forms',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** Every projects query reloads: the settings record, the overview and the list. */
const AFFECTED = ['projects'] as const;

/** POST /projects/{id}/files/report_cover_image: one image as the multipart field `file`. */
export const useUploadCoverImage = (projectId: string) =>
  useOrganisationMutation(AFFECTED, async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (await request<{ data: Project }>({ method: 'post', url: coverImage(projectId), body }))
      .data;
  });

/** DELETE /projects/{id}/files/report_cover_image */
export const useRemoveCoverImage = (projectId: string) =>
  useOrganisationMutation(
    AFFECTED,
    async () =>
      (await request<{ data: Project }>({ method: 'delete', url: coverImage(projectId) })).data,
  );

export const useProjectAction = (projectId: string) =>
  useOrganisationMutation(
    AFFECTED,
    async (action: ProjectAction) =>
      (await request<{ data: Project }>({ method: 'post', url: `${one(projectId)}/${action}` }))
        .data,
  );
