import type { Project, ProjectTemplate, ProjectUpdate } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { ownerCollection } from './owner';
import type { SettingsOwner } from './owner';
import { useConfigMutation, useOwnerKey } from './use-config-list';

/** The record a settings area configures: the project, or the template. */
export type OwnerRecord = Project | ProjectTemplate;
/** A project's update body; a template's takes the same settings plus its description. */
export type OwnerUpdate = ProjectUpdate & { description?: string | null };

/** /projects or /project_templates: the owner's own resource. */
const ownerApi = (owner: SettingsOwner) =>
  resourceApi<OwnerRecord, OwnerUpdate>(ownerCollection(owner));

export function useOwnerRecord(owner: SettingsOwner) {
  return useQuery({
    queryKey: [...useOwnerKey(owner), 'record'],
    queryFn: () => ownerApi(owner).get(owner.id),
  });
}

/** PUT /projects/{id} or /project_templates/{id} with the changed fields. */
export function useUpdateOwner(owner: SettingsOwner) {
  return useConfigMutation(owner, (input: OwnerUpdate) => ownerApi(owner).update(owner.id, input));
}
