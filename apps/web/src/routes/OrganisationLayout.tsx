import { Group } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingSkyscraper,
  IconBooks,
  IconClipboardCheck,
  IconClipboardList,
  IconClock,
  IconChartBar,
  IconFileAnalytics,
  IconHome,
  IconInbox,
  IconReceipt2,
  IconSettings,
  IconSignature,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { accountPath } from '../features/account';
import { organisationSignedDocumentsPath } from '../features/documents';
import { inboxPath, jobSheetsPath, InboxCount } from '../features/job-sheets';
import { productivityPath } from '../features/productivity';
import { reportsPath } from '../features/reports';
import { timesheetsPath } from '../features/timesheets';
import { libraryPath } from '../app/library-paths';
import { WhatsNewButton } from '../features/changelogs';
import { NotificationBell } from '../features/notifications';
import { GlobalSearch } from '../features/search';
import { PlanStatusBanner, usePlanNavigation } from '../features/subscription';
import { useCurrentOrganisation } from '../session/use-current-organisation';
import { currentMembership } from '../session/session-helpers';
import { useSession } from '../session/use-session';
import { LiveUpdates } from '../app/live-updates/LiveUpdates';
import { AppLayout, type NavItem } from '../ui/app-shell/AppLayout';
import { PageLoader } from '../ui/feedback/PageLoader';
import { SignedInUserMenu } from '../app/SignedInUserMenu';
import { useRememberPageOutsideAreas } from '../app/area-return-path';
import { organisationPath, settingsPath } from '../app/paths';

/** The manager's areas, left out of an operative's navigation (the server refuses them anyway). */
const MANAGER_AREAS = new Set(['Clients', 'Productivity', 'Library', 'Settings']);

/**
 * The shell around every organisation page: organisation name, navigation, user menu. An
 * operative's navigation starts at their home and leaves out the manager's areas.
 */
export function OrganisationLayout() {
  const organisation = useCurrentOrganisation();
  useRememberPageOutsideAreas(organisation.slug);
  const billing = usePlanNavigation();
  const operative = currentMembership(useSession()).role === 'OPERATIVE';
  const allItems: NavItem[] = [
    {
      label: 'Projects',
      to: organisationPath(organisation.slug, 'projects'),
      icon: <IconBuildingSkyscraper size={18} />,
    },
    {
      label: 'Clients',
      to: organisationPath(organisation.slug, 'clients'),
      icon: <IconUsersGroup size={18} />,
    },
    {
      label: 'Jobs',
      to: organisationPath(organisation.slug, 'jobs'),
      icon: <IconClipboardList size={18} />,
    },
    {
      label: 'Job sheets',
      to: jobSheetsPath(organisation.slug),
      icon: <IconClipboardCheck size={18} />,
    },
    {
      label: 'Inbox',
      to: inboxPath(organisation.slug),
      icon: <IconInbox size={18} />,
      badge: <InboxCount />,
    },
    {
      label: 'Timesheets',
      to: timesheetsPath(organisation.slug),
      icon: <IconClock size={18} />,
    },
    {
      label: 'Productivity',
      to: productivityPath(organisation.slug),
      icon: <IconChartBar size={18} />,
    },
    {
      label: 'Signed documents',
      to: organisationSignedDocumentsPath(organisation.slug),
      icon: <IconSignature size={18} />,
    },
    {
      label: 'Reports',
      to: reportsPath(organisation.slug),
      icon: <IconFileAnalytics size={18} />,
    },
    {
      label: 'Library',
      to: libraryPath(organisation.slug),
      icon: <IconBooks size={18} />,
    },
    ...(billing ? [{ ...billing, icon: <IconReceipt2 size={18} /> }] : []),
    {
      label: 'Settings',
      to: settingsPath(organisation.slug),
      icon: <IconSettings size={18} />,
    },
    {
      label: 'Account',
      to: accountPath(organisation.slug),
      icon: <IconBuilding size={18} />,
    },
  ];
  const navItems: NavItem[] = operative
    ? [
        {
          label: 'Home',
          to: organisationPath(organisation.slug, 'home'),
          icon: <IconHome size={18} />,
        },
        ...allItems.filter((item) => !MANAGER_AREAS.has(item.label)),
      ]
    : allItems;

  return (
    <AppLayout
      context={organisation.name}
      navItems={navItems}
      headerCenter={<GlobalSearch />}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <WhatsNewButton />
          <SignedInUserMenu />
        </Group>
      }
    >
      <PlanStatusBanner />
      {/* Counts and lists follow other people's changes (GET /events, one stream per tab). */}
      <LiveUpdates />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
