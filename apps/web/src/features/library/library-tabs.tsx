import {
  IconBox,
  IconCoinPound,
  IconForms,
  IconMapPin,
  IconTemplate,
  IconTool,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormsRoutes } from '../forms';
import { MaterialsRoutes, RateSetsRoutes, ServicesRoutes } from '../materials';
import { ProjectTemplatesRoutes } from '../project-templates';
import { SitesRoutes } from '../sites';

export interface LibraryTab {
  /** The path segment below /library, e.g. "sites". */
  id: string;
  label: string;
  icon: ReactNode;
  /** The tab's pages (its own routes below /library/{id}/). */
  element: ReactNode;
}

/** The library's tabs, in order; the first is where /library opens. One entry per tab. */
export const LIBRARY_TABS: LibraryTab[] = [
  { id: 'sites', label: 'Sites', icon: <IconMapPin size={16} />, element: <SitesRoutes /> },
  {
    id: 'project_templates',
    label: 'Project templates',
    icon: <IconTemplate size={16} />,
    element: <ProjectTemplatesRoutes />,
  },
  { id: 'forms', label: 'Forms', icon: <IconForms size={16} />, element: <FormsRoutes /> },
  {
    id: 'materials',
    label: 'Materials',
    icon: <IconBox size={16} />,
    element: <MaterialsRoutes />,
  },
  {
    id: 'rate_sets',
    label: 'Rate sets',
    icon: <IconCoinPound size={16} />,
    element: <RateSetsRoutes />,
  },
  { id: 'services', label: 'Services', icon: <IconTool size={16} />, element: <ServicesRoutes /> },
];
