import {
  IconAdjustments,
  IconBox,
  IconBriefcase,
  IconBuildingSkyscraper,
  IconCircleHalf2,
  IconFileDescription,
  IconFolders,
  IconMapPin,
  IconRuler2,
  IconStairs,
  IconUserShare,
} from '@tabler/icons-react';
import type { AreaTab } from '../../../app/AreaTabsLayout';
import type { SettingsOwner } from './owner';

/**
 * The pages of a project's or template's settings, in the order of the tabs. `projectOnly` pages
 * are about a real project (its site, its guests), so templates do not have them.
 */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General', icon: <IconAdjustments size={16} /> },
  {
    id: 'structure',
    label: 'Site structure',
    icon: <IconBuildingSkyscraper size={16} />,
    projectOnly: true,
  },
  { id: 'location_statuses', label: 'Location statuses', icon: <IconCircleHalf2 size={16} /> },
  { id: 'job_attributes', label: 'Job attributes', icon: <IconBriefcase size={16} /> },
  { id: 'location_attributes', label: 'Location attributes', icon: <IconMapPin size={16} /> },
  {
    id: 'specification_attributes',
    label: 'Specification attributes',
    icon: <IconRuler2 size={16} />,
  },
  { id: 'approval_stages', label: 'Approval stages', icon: <IconStairs size={16} /> },
  { id: 'folders', label: 'Folders', icon: <IconFolders size={16} /> },
  { id: 'materials', label: 'Materials', icon: <IconBox size={16} /> },
  { id: 'forms', label: 'Forms', icon: <IconFileDescription size={16} /> },
  { id: 'guests', label: 'Guests', icon: <IconUserShare size={16} />, projectOnly: true },
] as const satisfies ReadonlyArray<AreaTab<string> & { projectOnly?: boolean }>;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];
export type SettingsTabItem = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'general';

/** The tabs an owner has: every tab for a project, all but the project-only ones for a template. */
export function settingsTabsFor(kind: SettingsOwner['kind']): SettingsTabItem[] {
  return SETTINGS_TABS.filter((tab) => kind === 'project' || !('projectOnly' in tab));
}
