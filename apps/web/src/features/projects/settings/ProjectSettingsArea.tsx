import { useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { projectPath, projectSettingsPath } from '../project-paths';
import { OwnerSettingsRoutes } from './OwnerSettingsRoutes';

/** /organisations/{slug}/projects/{projectId}/settings/*: a project's configuration. */
export function ProjectSettingsArea() {
  const { projectId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  return (
    <OwnerSettingsRoutes
      key={projectId}
      owner={{ kind: 'project', id: projectId }}
      basePath={projectSettingsPath(slug, projectId)}
      eyebrow="Project settings"
      back={{ to: projectPath(slug, projectId), label: 'Back to project' }}
    />
  );
}
