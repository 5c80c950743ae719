import { useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { OwnerSettingsRoutes } from '../projects';
import { projectTemplatePath, projectTemplatesPath } from './template-paths';

/** /organisations/{slug}/library/project_templates/{templateId}/*: a template's configuration. */
export function ProjectTemplateSettingsArea() {
  const { templateId = '' } = useParams();
  const { slug } = useCurrentOrganisation();
  return (
    <OwnerSettingsRoutes
      key={templateId}
      owner={{ kind: 'project_template', id: templateId }}
      basePath={projectTemplatePath(slug, templateId)}
      eyebrow="Project template"
      back={{ to: projectTemplatesPath(slug), label: 'Back to project templates' }}
    />
  );
}
