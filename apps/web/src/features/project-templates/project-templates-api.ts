import type { ProjectTemplate } from '@fieldwork/contract';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  useBulkAction,
  useResourceList,
  useResourceMutation,
  useSaveRecord,
  useSetArchived,
} from '../../api/resource-hooks';

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
  useResourceMutation(['project_templates'], ({ id, name }: { id: string; name: string }) =>
    projectTemplatesApi.act(id, 'duplicate', { name }),
  );

/** "1 template", "3 templates". */
export const templateCount = (count: number) => `${count} template${count === 1 ? '' : 's'}`;
