// The notifications feature's public face: the header's bell, the pages, their paths.
export { NotificationBell } from './NotificationBell';
export { NotificationSettingsPage } from './NotificationSettingsPage';
export { notificationsPath } from './notification-paths';
