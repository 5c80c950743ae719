import { Button, Drawer, Group, Loader, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecks } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { loadAllStyles } from '../../ui/load-all-styles';
import { notifyFailure } from '../../ui/feedback/notify';
import { useMarkAllChangelogsViewed, useUnviewedChangelogCount } from './changelogs-api';
import { WhatsNewIndicatorButton } from './WhatsNewIndicatorButton';

// The panel's content (and the HTML sanitiser it needs) loads when the panel first opens.
const ChangelogDetail = lazy(async () => {
  const [module] = await Promise.all([import('./ChangelogDetail'), loadAllStyles()]);
  return { default: module.ChangelogDetail };
});
const ChangelogList = lazy(async () => {
  const [module] = await Promise.all([import('./ChangelogList'), loadAllStyles()]);
  return { default: module.ChangelogList };
});

/**
 * "What's new" in the app shell's header: a badge with the number of updates the user has not
 * viewed, and a panel with the list and each update. Loaded on first use of WhatsNewButton.
 */
export function WhatsNewPanel({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [opened, panel] = useDisclosure(defaultOpened);
  const [openId, setOpenId] = useState<string | null>(null);
  const unviewed = useUnviewedChangelogCount();
  const markAll = useMarkAllChangelogsViewed();
  const count = unviewed.data ?? 0;

  return (
    <>
      <Tooltip label="What's new">
        <WhatsNewIndicatorButton count={count} onClick={panel.open} />
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => {
          panel.close();
          setOpenId(null);
        }}
        position="right"
        size="md"
        title="What's new"
      >
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading" />}>
          {openId ? (
            <ChangelogDetail id={openId} onBack={() => setOpenId(null)} />
          ) : (
            <>
              {count > 0 && (
                <Group justify="flex-end" mb="xs">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconChecks size={14} />}
                    loading={markAll.isPending}
                    onClick={() =>
                      markAll.mutate(undefined, {
                        onError: (error) =>
                          notifyFailure('Could not mark the updates as read', error),
                      })
                    }
                  >
                    Mark all as read
                  </Button>
                </Group>
              )}
              <ChangelogList onOpen={setOpenId} />
            </>
          )}
        </Suspense>
      </Drawer>
    </>
  );
}
