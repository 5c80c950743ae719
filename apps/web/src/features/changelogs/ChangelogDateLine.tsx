import type { Changelog } from '@fieldwork/contract';
import { Badge, Group, Text } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import { formatCalendarDate } from '../../ui/format-time';

/** A changelog's date, and its tag when it has one, above its title. */
export function ChangelogDateLine({
  changelog,
  wrap,
}: {
  changelog: Pick<Changelog, 'date' | 'tag'>;
  wrap?: GroupProps['wrap'];
}) {
  return (
    <Group gap="xs" wrap={wrap}>
      <Text size="xs" c="dimmed">
        {formatCalendarDate(changelog.date)}
      </Text>
      {changelog.tag && (
        <Badge size="xs" variant="light">
          {changelog.tag}
        </Badge>
      )}
    </Group>
  );
}
