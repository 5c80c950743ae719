import type { LocationStatus } from '@fieldwork/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LocationStatusChip } from '../LocationStatusChip';
import { OverviewCard } from './OverviewCard';

/** The statuses a location moves through on this project, in their order, as coloured chips. */
export function LocationStatusesCard({
  statuses,
  settingsPath,
}: {
  statuses: LocationStatus[];
  /** The settings page where they are edited. */
  settingsPath: string;
}) {
  const ordered = [...statuses].sort((left, right) => left.order - right.order);
  return (
    <OverviewCard
      title="Location statuses"
      actions={
        <Anchor component={Link} to={settingsPath} size="sm">
          Edit
        </Anchor>
      }
    >
      {ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          This project has no location statuses.
        </Text>
      ) : (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {ordered.map((status) => (
            <li key={status.id}>
              <LocationStatusChip status={status} size="lg" />
            </li>
          ))}
        </Group>
      )}
    </OverviewCard>
  );
}
