import { Anchor, Box, Group, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { SettingsTabItem } from './settings-tabs';

/**
 * The frame of a project's or template's settings (the AreaTabsLayout pattern): the way back,
 * what is being configured, the tabs (scrolling sideways when they do not fit; a select on
 * phones) and the page.
 */
export function SettingsTabsLayout({
  tabs,
  basePath,
  eyebrow,
  title,
  back,
  actions,
}: {
  /** The owner's tabs (settingsTabsFor). */
  tabs: readonly SettingsTabItem[];
  /** The area's path without the tab, e.g. /organisations/acme/projects/p1/settings. */
  basePath: string;
  eyebrow: string;
  title: ReactNode;
  back: { to: string; label: string };
  actions?: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.slice(basePath.length + 1).split('/')[0] ?? '';
  const go = (tab: string | null) => {
    if (tabs.some((item) => item.id === tab)) void navigate(`${basePath}/${tab}`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Anchor component={Link} to={back.to} size="sm" c="dimmed">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} />
              {back.label}
            </Group>
          </Anchor>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed" mt={6}>
            {eyebrow}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Box>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <NativeSelect
        hiddenFrom="sm"
        aria-label="Settings page"
        value={current}
        onChange={(event) => go(event.currentTarget.value)}
        data={tabs.map((tab) => ({ value: tab.id, label: tab.label }))}
      />
      {/* The tabs wrap onto a second row rather than run off the side (11 tabs at 1440 px). */}
      <Tabs value={current} onChange={go} visibleFrom="sm">
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.id} value={tab.id} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box maw={960}>
        <Outlet />
      </Box>
    </Stack>
  );
}
