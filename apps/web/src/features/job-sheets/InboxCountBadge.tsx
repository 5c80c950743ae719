import { Badge } from '@mantine/core';
import { useInboxCount } from './inbox-count';

/** The inbox's count as a small badge; nothing while it loads, fails or is zero. */
export default function InboxCountBadge() {
  const count = useInboxCount();
  if (!count) return null;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      variant="filled"
      color="red"
      aria-label={`${count} waiting`}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
