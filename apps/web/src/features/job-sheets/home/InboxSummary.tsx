import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { inboxPath } from '../job-sheet-paths';
import { inboxTotal, useInbox } from '../inbox-count';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The inbox in one card: what waits, in words, and the way to it. */
export function InboxSummary() {
  const { slug } = useCurrentOrganisation();
  const inbox = useInbox();
  const data = inbox.data;
  const lines = data
    ? [
        data.awaiting_approval.count > 0 &&
          count(data.awaiting_approval.count, 'sheet to approve', 'sheets to approve'),
        data.rejected.count > 0 &&
          count(data.rejected.count, 'sheet to fix and resubmit', 'sheets to fix and resubmit'),
        data.jobs_due_today.count > 0 &&
          count(data.jobs_due_today.count, 'job due today', 'jobs due today'),
      ].filter((line): line is string => typeof line === 'string')
    : [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-inbox">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="home-inbox">
            Inbox
          </Title>
          <Button
            component={Link}
            to={inboxPath(slug)}
            size="compact-sm"
            variant="light"
            leftSection={<IconInbox size={14} />}
          >
            Open inbox{data ? ` (${inboxTotal(data)})` : ''}
          </Button>
        </Group>
        {inbox.isError ? (
          <QueryErrorState title="Could not load your inbox" query={inbox} />
        ) : !data ? (
          <Skeleton h={40} radius="md" />
        ) : lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing waiting for you.
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} pl="md">
            {lines.map((line) => (
              <Text component="li" size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
