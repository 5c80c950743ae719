import { Box, NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { IconBuilding, IconLifebuoy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { AreaBackLink } from '../billing/AreaBackLink';
import { accountPath } from './account-paths';
import type { AccountPage } from './account-paths';

const PAGES: ReadonlyArray<{ id: AccountPage; label: string; icon: ReactNode }> = [
  { id: 'organisation', label: 'Organisation', icon: <IconBuilding size={16} /> },
  { id: 'support', label: 'Support', icon: <IconLifebuoy size={16} /> },
];

/** /organisations/{slug}/account: the way back (§2), the account tabs (a select on phones). */
export function AccountLayout() {
  const organisation = useCurrentOrganisation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/account/')[1]?.split('/')[0] ?? '';
  const go = (page: string | null) => {
    const found = PAGES.find((item) => item.id === page);
    if (found) void navigate(accountPath(organisation.slug, found.id));
  };

  return (
    <Stack gap="md">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={1} size="h2" mt={4}>
          Account
        </Title>
      </Box>
      <NativeSelect
        hiddenFrom="sm"
        aria-label="Account page"
        value={current}
        onChange={(event) => go(event.currentTarget.value)}
        data={PAGES.map((page) => ({ value: page.id, label: page.label }))}
      />
      <Tabs value={current} onChange={go} visibleFrom="sm">
        <Tabs.List>
          {PAGES.map((page) => (
            <Tabs.Tab key={page.id} value={page.id} leftSection={page.icon}>
              {page.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box maw={880}>
        <Outlet />
      </Box>
    </Stack>
  );
}
