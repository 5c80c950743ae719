import type { Changelog } from '@fieldwork/contract';
import {
  Button,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { ChangelogDateLine } from './ChangelogDateLine';
import { ChangelogIcon } from './ChangelogIcon';
import { isViewed, useChangelogList } from './changelogs-api';

function ChangelogRow({
  changelog,
  onOpen,
}: {
  changelog: Changelog;
  onOpen: (id: string) => void;
}) {
  const unviewed = !isViewed(changelog);
  return (
    <UnstyledButton
      onClick={() => onOpen(changelog.id)}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator disabled={!unviewed} size={10} offset={4} color="red" processing={false}>
          <ChangelogIcon icon={changelog.icon} />
        </Indicator>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <ChangelogDateLine changelog={changelog} wrap="nowrap" />
          {/* Named by what it shows (date, tag, title), "(new)" said to assistive technology. */}
          <Text size="sm" fw={unviewed ? 700 : 500} lineClamp={2}>
            {changelog.title}
            {unviewed && <VisuallyHidden> (new)</VisuallyHidden>}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The published updates, newest first, with the unviewed ones marked. */
export function ChangelogList({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useChangelogList();
  const entries = list.data?.pages.flatMap((page) => page.data) ?? [];

  if (list.isError) {
    return <QueryErrorState title="Could not load the updates" query={list} />;
  }
  if (list.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading updates">
        {[0, 1, 2].map((item) => (
          <Skeleton key={item} h={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (entries.length === 0) {
    return (
      <ListEmptyState
        icon={<IconSparkles size={32} />}
        title="Nothing new yet"
        description="Product updates will appear here as they are released."
      />
    );
  }
  return (
    <Stack gap="xs">
      {entries.map((changelog) => (
        <ChangelogRow key={changelog.id} changelog={changelog} onOpen={onOpen} />
      ))}
      {list.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          Show older updates
        </Button>
      )}
    </Stack>
  );
}
