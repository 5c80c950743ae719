import type { BulkFailure } from '@fieldwork/contract';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from './modals';

/** One id a bulk call did not change: the record's name where the page knows it, and why. */
export interface NamedFailure {
  id: string;
  name?: string;
  reason: string;
}

/** Names each failure by the rows the page shows (fallback when a row is not among them). */
export function nameFailures(
  failed: readonly BulkFailure[],
  nameOf: (id: string) => string | undefined,
  fallback?: string,
): NamedFailure[] {
  return failed.map((failure) => ({
    id: failure.id,
    name: nameOf(failure.id) ?? fallback,
    reason: failure.reason,
  }));
}

/** "Name: reason" per failure. */
export function BulkFailureList({ failures }: { failures: readonly NamedFailure[] }) {
  return (
    <List size="sm" spacing={4} data-testid="bulk-failures">
      {failures.map((failure) => (
        <List.Item key={failure.id}>
          {failure.name ? (
            <>
              <Text span fw={600} size="sm">
                {failure.name}
              </Text>
              : {failure.reason}
            </>
          ) : (
            failure.reason
          )}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The dialog after a bulk call that left some records unchanged: an optional line on what was
 * done, each failure with its reason and, given onForce, "Delete anyway".
 */
export function showBulkFailures({
  title,
  failures,
  intro,
  onForce,
}: {
  title: string;
  failures: readonly NamedFailure[];
  intro?: string;
  onForce?: () => void;
}) {
  if (!failures.length) return;
  modals.open({
    title,
    children: (
      <Stack gap="sm">
        {intro && <Text size="sm">{intro}</Text>}
        <BulkFailureList failures={failures} />
        {onForce && (
          <Group justify="flex-end">
            <Button
              color="red"
              onClick={() => {
                modals.closeAll();
                onForce();
              }}
            >
              Delete anyway
            </Button>
          </Group>
        )}
      </Stack>
    ),
  });
}
