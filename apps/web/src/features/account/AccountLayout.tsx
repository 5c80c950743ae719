import { IconBuilding, IconLifebuoy } from '@tabler/icons-react';
import { AreaTabsLayout, type AreaTab } from '../../app/AreaTabsLayout';
import { accountPath, type AccountPage } from './account-paths';

const PAGES: ReadonlyArray<AreaTab<AccountPage>> = [
  { id: 'organisation', label: 'Organisation', icon: <IconBuilding size={16} /> },
  { id: 'support', label: 'Support', icon: <IconLifebuoy size={16} /> },
];

/** /organisations/{slug}/account: organisation details and support. */
export function AccountLayout() {
  return (
    <AreaTabsLayout
      area="account"
      title="Account"
      pages={PAGES}
      pathOf={accountPath}
      contentMaxWidth={880}
    />
  );
}
