import {
  IconAdjustments,
  IconBox,
  IconBriefcase,
  IconCircleHalf2,
  IconFileDescription,
  IconFolders,
  IconMapPin,
  IconRuler2,
  IconStairs,
} from '@tabler/icons-react';
import type { AreaTab } from '../../../routes/AreaTabsLayout';

/** The pages of a project's or template's settings, in the order of the tabs. */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General', icon: <IconAdjustments size={16} /> },
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
] as const satisfies ReadonlyArray<AreaTab<string>>;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'general';
