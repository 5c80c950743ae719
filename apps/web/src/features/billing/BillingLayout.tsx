import { Box, NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import {
  IconCreditCard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconReceipt2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { billingPath } from '../subscription/plan-paths';
import type { BillingPage } from '../subscription/plan-paths';
import { AreaBackLink } from './AreaBackLink';

const PAGES: ReadonlyArray<{ id: BillingPage; label: string; icon: ReactNode }> = [
  { id: 'overview', label: 'Overview', icon: <IconLayoutDashboard size={16} /> },
  { id: 'subscription', label: 'Subscription', icon: <IconReceipt2 size={16} /> },
  { id: 'payment-method', label: 'Payment method', icon: <IconCreditCard size={16} /> },
  { id: 'invoices', label: 'Invoices', icon: <IconFileInvoice size={16} /> },
];

/** /organisations/{slug}/billing: the way back, the billing tabs (a select on phones), the page. */
export function BillingLayout() {
  const organisation = useCurrentOrganisation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/billing/')[1]?.split('/')[0] ?? '';
  const go = (page: string | null) => {
    if (page) void navigate(billingPath(organisation.slug, page as BillingPage));
  };

  return (
    <Stack gap="md">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={1} size="h2" mt={4}>
          Billing
        </Title>
      </Box>
      <NativeSelect
        hiddenFrom="sm"
        aria-label="Billing page"
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
      <Outlet />
    </Stack>
  );
}
