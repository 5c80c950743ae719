import type { Project } from '@fieldwork/contract';
import { recordPath, resourceApi } from '../../../../api/resource';
import { fileForm, uploadWithProgress, type FileUpload } from '../../../../api/upload';
import { useResourceMutation } from '../../../../api/resource-hooks';

const projects = resourceApi<Project, never>('projects');
const COVER_IMAGE = 'files/report_cover_image';

/**
 * The project's maintenance actions: POST /projects/{id}/{action} → {data: Project}, except
 * recalculate_rates → 202 {task_id} (the re-pricing runs on the work queue).
 */
export const PROJECT_ACTIONS = [
  'recalculate_rates',
  'clear_page_cache',
  'enable_approvals_on_all_forms',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** Every projects query reloads: the settings record, the overview and the list. */
const AFFECTED = ['projects'] as const;

/** POST /projects/{id}/files/report_cover_image: one image as the multipart field `file`, with its progress. */
export const useUploadCoverImage = (projectId: string) =>
  useResourceMutation(AFFECTED, ({ file, onProgress }: FileUpload) =>
    uploadWithProgress<{ data: Project }>({
      url: `${recordPath('projects', projectId)}/${COVER_IMAGE}`,
      body: fileForm(file),
      onProgress,
    }),
  );

/** DELETE /projects/{id}/files/report_cover_image */
export const useRemoveCoverImage = (projectId: string) =>
  useResourceMutation(AFFECTED, () =>
    projects.act(projectId, COVER_IMAGE, undefined, { method: 'delete' }),
  );

export const useProjectAction = (projectId: string) =>
  useResourceMutation(AFFECTED, async (action: ProjectAction) =>
    action === 'recalculate_rates'
      ? ((await projects.actOn<{ task_id: string }>(`${projectId}/${action}`)) ?? null)
      : (await projects.act(projectId, action), null),
  );
