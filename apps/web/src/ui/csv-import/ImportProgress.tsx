import type { ImportResult } from '@fieldwork/contract';
import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { taskFraction, useBackgroundTask } from '../background-tasks/use-background-task';

interface FailureBody {
  message?: string;
  errors?: Array<{ message: string }>;
}

/** The lines a failed import reports: each rejected row, else the error's message. */
export function failureLines(result: unknown, error: string | null): string[] {
  const body = (result ?? {}) as FailureBody;
  if (Array.isArray(body.errors) && body.errors.length) return body.errors.map((e) => e.message);
  return [body.message ?? error ?? 'The import failed.'];
}

/**
 * A large import running on the server's work queue: its progress (polled), then the result:
 * imported (onImported), or nothing imported with each rejected row's reason.
 */
export function ImportProgress({
  taskId,
  noun,
  onImported,
}: {
  taskId: string;
  noun: (count: number) => string;
  onImported: (result: ImportResult) => void;
}) {
  const task = useBackgroundTask(taskId);
  const data = task.data;
  const reported = useRef(false);
  useEffect(() => {
    if (data?.status === 'SUCCEEDED' && !reported.current) {
      reported.current = true;
      onImported(data.result as ImportResult);
    }
  }, [data, onImported]);

  if (task.isError) {
    return (
      <Alert color="red" title="Could not follow the import">
        The import goes on on the server; reload the list later to see it.
      </Alert>
    );
  }
  if (data?.status === 'FAILED' || data?.status === 'DEAD') {
    const lines = failureLines(data.result, data.error);
    return (
      <Alert color="red" title="Nothing was imported">
        <List size="sm">
          {lines.slice(0, 50).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {lines.length > 50 && <Text size="sm">…and {lines.length - 50} more.</Text>}
      </Alert>
    );
  }
  const fraction = data ? taskFraction(data) : null;
  const total = data?.progress.total;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Text size="sm">
        {data?.message ?? 'Waiting for its turn'}
        {total ? ` (${noun(total)})` : ''}…
      </Text>
      <Progress
        value={fraction === null ? 100 : Math.max(fraction * 100, 5)}
        animated={fraction === null || fraction < 1}
        striped
        aria-label="Import progress"
      />
    </Stack>
  );
}
