import type { Project } from '@fieldwork/contract';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { confirmDeletion } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { projectPath, projectsPath } from '../project-paths';
import { useDeleteProject, useDuplicateProject, useSetProjectArchived } from '../projects-api';

/** Duplicate, archive or unarchive, and delete (forced by admins when the server refuses). */
export function useProjectActions(project: Project) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const duplicate = useDuplicateProject();
  const setArchived = useSetProjectArchived();
  const remove = useDeleteProject();
  const archived = project.archived_at !== null;

  return {
    pending: duplicate.isPending || setArchived.isPending || remove.isPending,
    duplicate: () =>
      duplicate.mutate(
        { id: project.id },
        {
          onSuccess: (copy) => {
            notifySuccess(`${copy.name} created`);
            void navigate(projectPath(slug, copy.id));
          },
          onError: (error) => notifyFailure(`Could not duplicate ${project.name}`, error),
        },
      ),
    toggleArchived: () =>
      setArchived.mutate(
        { id: project.id, archived: !archived },
        {
          onSuccess: () => notifySuccess(`${project.name} ${archived ? 'unarchived' : 'archived'}`),
          onError: (error) =>
            notifyFailure(`Could not ${archived ? 'unarchive' : 'archive'} ${project.name}`, error),
        },
      ),
    remove: () =>
      confirmDeletion({
        title: 'Delete project',
        message: `Delete ${project.name}? This cannot be undone.`,
        onDelete: (force) => remove.mutateAsync({ id: project.id, force }),
        onDeleted: () => {
          notifySuccess(`${project.name} deleted`);
          void navigate(projectsPath(slug));
        },
        onFailed: (error) => notifyFailure(`Could not delete ${project.name}`, error),
        canForce: project.permissions?.force_delete === true,
      }),
  };
}
