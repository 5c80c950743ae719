import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notificationsPath } from './notification-paths';
import { useUnreadNotifications } from './notifications-api';

/** The header's bell: the unread count on it, a link to the notices. */
export default function NotificationBellBadge() {
  const organisation = useCurrentOrganisation();
  const unread = useUnreadNotifications();
  const label = unread ? `Notifications: ${unread} unread` : 'Notifications: nothing unread';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      color="red"
      disabled={!unread}
      offset={4}
    >
      <ActionIcon
        component={Link}
        to={notificationsPath(organisation.slug)}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        title={label}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
