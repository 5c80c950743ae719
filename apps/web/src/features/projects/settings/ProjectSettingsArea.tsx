import { useParams } from 'react-router-dom';
import { organisationPath } from '../../../routes/paths';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { OwnerSettingsRoutes } from './OwnerSettingsRoutes';

/** /organisations/{slug}/projects/{projectId}/settings/*: a project's configuration. */
export function ProjectSettingsArea() {
  const { projectId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  const projectPath = `${organisationPath(slug, 'projects')}/${encodeURIComponent(projectId)}`;
  return (
    <OwnerSettingsRoutes
      key={projectId}
      owner={{ kind: 'project', id: projectId }}
      basePath={`${projectPath}/settings`}
      eyebrow="Project settings"
      back={{ to: projectPath, label: 'Back to project' }}
    />
  );
}
