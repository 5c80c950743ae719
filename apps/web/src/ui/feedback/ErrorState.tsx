import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorMessage } from '../../api/errors';

/** A record that is not there: trying again cannot help, so no "Try again" is offered. */
export const isMissingRecord = (error: unknown) =>
  error instanceof ApiError && error.status === 404;

/** A failed load: what went wrong and a way to try again (unless the record does not exist). */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const missing = isMissingRecord(error);
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {missing
            ? 'It does not exist or has been deleted, or the link is wrong.'
            : errorMessage(error)}
        </Text>
        {!missing && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** What ErrorState needs of a failed query: why it failed, and how to load it again. */
export interface RetryableQuery {
  error: unknown;
  refetch: () => unknown;
}

/** ErrorState for a failed query: its error, and "Try again" refetches it. */
export function QueryErrorState({ title, query }: { title: string; query: RetryableQuery }) {
  return <ErrorState title={title} error={query.error} onRetry={() => void query.refetch()} />;
}
