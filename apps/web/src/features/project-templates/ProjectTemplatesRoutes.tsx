import { Route, Routes } from 'react-router-dom';
import { ProjectTemplateSettingsArea } from './ProjectTemplateSettingsArea';
import { ProjectTemplatesPage } from './ProjectTemplatesPage';

/** Below library/project_templates: the list, and each template's settings. */
export function ProjectTemplatesRoutes() {
  return (
    <Routes>
      <Route index element={<ProjectTemplatesPage />} />
      <Route path=":templateId/*" element={<ProjectTemplateSettingsArea />} />
    </Routes>
  );
}
