import { Box, Group, NativeSelect, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AreaBackLink } from '../../app/AreaBackLink';
import { settingsPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSettingsPermissions } from '../../session/settings-permissions';
import { SETTINGS_GROUP_LABEL, SETTINGS_PAGES } from './settings-pages';

/**
 * /organisations/{slug}/settings: a way back to the page the user came from, the settings
 * navigation (a side list on wide screens, a select on phones) and the chosen page.
 */
export function SettingsLayout() {
  const organisation = useCurrentOrganisation();
  const permissions = useSettingsPermissions();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/settings/')[1]?.split('/')[0] ?? '';
  const pages = SETTINGS_PAGES.filter((page) => page.visible(permissions));
  // The phone's select shows the page opened even when the role does not list it.
  const selectPages = SETTINGS_PAGES.filter(
    (page) => page.visible(permissions) || page.id === current,
  );

  return (
    <Stack gap="md">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={2} size="h3" mt={4}>
          Settings
        </Title>
      </Box>

      <NativeSelect
        hiddenFrom="sm"
        aria-label="Settings page"
        value={current}
        onChange={(event) =>
          void navigate(settingsPath(organisation.slug, event.currentTarget.value))
        }
        data={(['account', 'organisation'] as const)
          .map((group) => ({
            group: SETTINGS_GROUP_LABEL[group],
            items: selectPages
              .filter((page) => page.group === group)
              .map((page) => ({ value: page.id, label: page.label })),
          }))
          .filter((group) => group.items.length > 0)}
      />

      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper
          component="nav"
          aria-label="Settings"
          visibleFrom="sm"
          withBorder
          radius="md"
          p="xs"
          w={220}
          style={{ flexShrink: 0 }}
        >
          {(['account', 'organisation'] as const).map((group) => {
            const items = pages.filter((page) => page.group === group);
            if (items.length === 0) return null;
            return (
              <Box key={group} mb="xs">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                  {SETTINGS_GROUP_LABEL[group]}
                </Text>
                {items.map((page) => (
                  <NavLink
                    key={page.id}
                    component={Link}
                    to={settingsPath(organisation.slug, page.id)}
                    label={page.label}
                    leftSection={page.icon}
                    active={current === page.id}
                    aria-current={current === page.id ? 'page' : undefined}
                  />
                ))}
              </Box>
            );
          })}
        </Paper>
        <Box flex={1} miw={0}>
          <Outlet />
        </Box>
      </Group>
    </Stack>
  );
}
