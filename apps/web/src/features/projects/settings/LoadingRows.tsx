import { Paper, Skeleton, Stack } from '@mantine/core';

/** Three grey rows in a panel while a settings list (or the site structure) loads. */
export function LoadingRows() {
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-label="Loading">
      <Stack gap="sm">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    </Paper>
  );
}
