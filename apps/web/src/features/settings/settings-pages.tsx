import {
  IconBell,
  IconHistory,
  IconTrash,
  IconCertificate,
  IconDevices,
  IconKey,
  IconLock,
  IconUser,
  IconUserShare,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SettingsPermissions } from '../../session/settings-permissions';

export type SettingsPageId =
  | 'profile'
  | 'password'
  | 'devices'
  | 'notifications'
  | 'members'
  | 'guests'
  | 'teams'
  | 'qualifications'
  | 'api-keys'
  | 'audit-log'
  | 'deleted-items'
  | 'webhooks';

export interface SettingsPageEntry {
  id: SettingsPageId;
  label: string;
  icon: ReactNode;
  group: 'account' | 'organisation';
  /** Whether the page is offered in the navigation. */
  visible: (permissions: SettingsPermissions) => boolean;
}

const always = () => true;

/** The sub-pages of /organisations/{slug}/settings, in navigation order. */
export const SETTINGS_PAGES: readonly SettingsPageEntry[] = [
  {
    id: 'profile',
    label: 'Profile',
    icon: <IconUser size={18} />,
    group: 'account',
    visible: always,
  },
  {
    id: 'password',
    label: 'Password',
    icon: <IconLock size={18} />,
    group: 'account',
    visible: always,
  },
  {
    id: 'devices',
    label: 'Devices',
    icon: <IconDevices size={18} />,
    group: 'account',
    visible: always,
  },
  {
    id: 'notifications',
    label: 'Notifications',
    icon: <IconBell size={18} />,
    group: 'account',
    visible: always,
  },
  {
    id: 'members',
    label: 'Members',
    icon: <IconUsers size={18} />,
    group: 'organisation',
    visible: (can) => can.seesOrganisation,
  },
  {
    id: 'guests',
    label: 'Guests',
    icon: <IconUserShare size={18} />,
    group: 'organisation',
    visible: (can) => can.seesOrganisation,
  },
  {
    id: 'teams',
    label: 'Teams',
    icon: <IconUsersGroup size={18} />,
    group: 'organisation',
    visible: (can) => can.seesOrganisation,
  },
  {
    id: 'qualifications',
    label: 'Qualifications',
    icon: <IconCertificate size={18} />,
    group: 'organisation',
    visible: (can) => can.seesOrganisation,
  },
  {
    id: 'api-keys',
    label: 'API keys',
    icon: <IconKey size={18} />,
    group: 'organisation',
    visible: (can) => can.manageApiKeys,
  },
  {
    id: 'audit-log',
    label: 'Audit log',
    icon: <IconHistory size={18} />,
    group: 'organisation',
    visible: (can) => can.readAuditLog,
  },
  {
    id: 'deleted-items',
    label: 'Deleted items',
    icon: <IconTrash size={18} />,
    group: 'organisation',
    visible: (can) => can.restoreDeletions,
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    icon: <IconWebhook size={18} />,
    group: 'organisation',
    // admins, as for API keys (one permission: the first load stays as it was)
    visible: (can) => can.manageApiKeys,
  },
];

export const SETTINGS_GROUP_LABEL = { account: 'Your account', organisation: 'Organisation' };

export const DEFAULT_SETTINGS_PAGE: SettingsPageId = 'profile';
