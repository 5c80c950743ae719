import type { ClientActivityEntry } from '@fieldwork/contract';
import { Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { formatDateTime } from '../../ui/format-time';
import { useClientActivity } from './clients-api';

const NOUN: Record<ClientActivityEntry['collection_name'], string> = {
  clients: 'Client',
  contacts: 'Contact',
  projects: 'Project',
};

const VERB: Record<string, string> = {
  CREATE: 'created',
  UPDATE: 'changed',
  DELETE: 'deleted',
  ARCHIVE: 'archived',
  UNARCHIVE: 'unarchived',
  RESTORE: 'restored',
  MOVE: 'moved',
  DUPLICATE: 'duplicated',
};

/** "Contact Dana Site created", "Project Quay Tower archived". */
export function activityLine(entry: ClientActivityEntry): string {
  const what = [NOUN[entry.collection_name], entry.document_name].filter(Boolean).join(' ');
  const verb = VERB[entry.action] ?? entry.action.toLowerCase().replaceAll('_', ' ');
  return `${what} ${verb}`;
}

/** The latest changes to the client, its contacts and its projects, newest first. */
export function ClientActivity({ clientId }: { clientId: string }) {
  const activity = useClientActivity(clientId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-activity">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-activity">
          Activity
        </Title>
        {activity.isError ? (
          <ErrorState
            title="Could not load the activity"
            error={activity.error}
            onRetry={() => void activity.refetch()}
          />
        ) : activity.data === undefined ? (
          <Skeleton h={80} radius="md" />
        ) : activity.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened yet.
          </Text>
        ) : (
          <Timeline bulletSize={10} lineWidth={2}>
            {activity.data.map((entry) => (
              <Timeline.Item key={entry.id} title={activityLine(entry)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.performed_at)}
                  {entry.performed_by_name && ` · ${entry.performed_by_name}`}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
