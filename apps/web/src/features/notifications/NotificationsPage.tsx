import type { Notification } from '@fieldwork/contract';
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure } from '../../ui/feedback/notify';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { formatDateTime, formatRelative } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { useMarkRead, useNotifications } from './notifications-api';

/** /organisations/{slug}/notifications: the signed-in member's notices, read and unread. */
export function NotificationsPage() {
  const [show, setShow] = useState<'unread' | 'all'>('all');
  const notices = useNotifications(show === 'unread');
  const markRead = useMarkRead();
  const unread = notices.data?.meta.unread ?? 0;
  const failed = (error: unknown) => notifyFailure('Could not mark as read', error);

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title="Notifications"
        description="What happened to your jobs and job sheets, newest first."
        actions={
          <Button
            variant="default"
            disabled={!unread}
            loading={markRead.isPending && markRead.variables === undefined}
            onClick={() => markRead.mutate(undefined, { onError: failed })}
          >
            Mark all as read
          </Button>
        }
      />
      <SegmentedControl
        value={show}
        onChange={(value) => setShow(value === 'unread' ? 'unread' : 'all')}
        data={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: `Unread (${unread})` },
        ]}
        aria-label="Which notifications to show"
        w="fit-content"
      />
      {notices.isError ? (
        <QueryErrorState title="Could not load your notifications" query={notices} />
      ) : !notices.data ? (
        <PageLoader />
      ) : notices.data.data.length === 0 ? (
        <ListEmptyState
          icon={<IconBell size={28} />}
          title={show === 'unread' ? 'Nothing unread' : 'No notifications yet'}
          description="You are told here when a job is assigned to you, a job sheet waits for your approval, or a decision is made on yours."
        />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notices.data.data.map((notice) => (
            <NoticeRow
              key={notice.id}
              notice={notice}
              onRead={() => markRead.mutate([notice.id], { onError: failed })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NoticeRow({ notice, onRead }: { notice: Notification; onRead: () => void }) {
  const unread = !notice.read_at;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={notice.link}
            fw={unread ? 700 : 500}
            c="inherit"
            onClick={unread ? onRead : undefined}
          >
            {notice.title}
          </Anchor>
          {notice.body && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {notice.body}
            </Text>
          )}
          <Text size="xs" c="dimmed" title={formatDateTime(notice.created_at)}>
            {unread ? 'Unread · ' : ''}
            {formatRelative(notice.created_at)}
          </Text>
        </Stack>
        {unread && (
          <Button size="compact-sm" variant="subtle" onClick={onRead} style={{ flexShrink: 0 }}>
            Mark read
          </Button>
        )}
      </Group>
    </Paper>
  );
}
