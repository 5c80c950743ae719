import type { ProjectTemplate } from '@fieldwork/contract';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import {
  useBulkAction,
  useResourceList,
  useSaveRecord,
  useSetArchived,
} from '../../api/resource-hooks';
import { useOrganisationMutation } from '../settings/settings-query';

/** POST /project_templates: blank, or configured from a library template or a project. */
export interface ProjectTemplateInput {
  name: string;
  description?: string | null;
  library_project_template_id?: string;
  from_project_id?: string;
}

export const projectTemplatesApi = resourceApi<ProjectTemplate, ProjectTemplateInput>(
  'project_templates',
);

export const useProjectTemplateList = (query: ListQuery) =>
  useResourceList(projectTemplatesApi, query);
export const useSaveProjectTemplate = () => useSaveRecord(projectTemplatesApi);
export const useArchiveProjectTemplate = () => useSetArchived(projectTemplatesApi);
export const useBulkProjectTemplateAction = () => useBulkAction(projectTemplatesApi);

/** POST /project_templates/{id}/duplicate: a copy with every configuration list. */
export const useDuplicateProjectTemplate = () =>
  useOrganisationMutation(
    ['project_templates'],
    async ({ id, name }: { id: string; name: string }) =>
      (
        await request<{ data: ProjectTemplate }>({
          method: 'post',
          url: `/project_templates/${encodeURIComponent(id)}/duplicate`,
          body: { name },
        })
      ).data,
  );

/** "1 template", "3 templates". */
export const templateCount = (count: number) => `${count} template${count === 1 ? '' : 's'}`;
