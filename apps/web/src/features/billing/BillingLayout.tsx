import {
  IconCreditCard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconReceipt2,
} from '@tabler/icons-react';
import { AreaTabsLayout, type AreaTab } from '../../app/AreaTabsLayout';
import { billingPath, type BillingPage } from '../../app/plan-paths';

const PAGES: ReadonlyArray<AreaTab<BillingPage>> = [
  { id: 'overview', label: 'Overview', icon: <IconLayoutDashboard size={16} /> },
  { id: 'subscription', label: 'Subscription', icon: <IconReceipt2 size={16} /> },
  { id: 'payment-method', label: 'Payment method', icon: <IconCreditCard size={16} /> },
  { id: 'invoices', label: 'Invoices', icon: <IconFileInvoice size={16} /> },
];

/** /organisations/{slug}/billing: overview, subscription, payment method and invoices. */
export function BillingLayout() {
  return <AreaTabsLayout area="billing" title="Billing" pages={PAGES} pathOf={billingPath} />;
}
