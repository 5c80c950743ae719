import type { Project, ProjectTemplate, ProjectUpdate } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { ownerPath } from './owner';
import type { SettingsOwner } from './owner';
import { useConfigMutation, useOwnerKey } from './use-config-list';

/** The record a settings area configures: the project, or the template. */
export type OwnerRecord = Project | ProjectTemplate;
/** A project's update body; a template's takes the same settings plus its description. */
export type OwnerUpdate = ProjectUpdate & { description?: string | null };

export function useOwnerRecord(owner: SettingsOwner) {
  return useQuery({
    queryKey: [...useOwnerKey(owner), 'record'],
    queryFn: async () =>
      (await request<{ data: OwnerRecord }>({ method: 'get', url: ownerPath(owner) })).data,
  });
}

/** PUT /projects/{id} or /project_templates/{id} with the changed fields. */
export function useUpdateOwner(owner: SettingsOwner) {
  return useConfigMutation(
    owner,
    async (input: OwnerUpdate) =>
      (await request<{ data: OwnerRecord }>({ method: 'put', url: ownerPath(owner), body: input }))
        .data,
  );
}
