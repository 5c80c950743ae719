import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ApiKeysPage } from '../api-keys';
import { AuditLogPage, DeletionsPage } from '../audit';
import { DevicesPage, PasswordPage, ProfilePage } from '../identity';
import { NotificationSettingsPage } from '../notifications';
import { GuestsPage, MembersPage } from '../people';
import { NoAccessState } from './NoAccessState';
import { useSettingsPermissions } from '../../session/settings-permissions';
import { QualificationsPage } from '../qualifications';
import { DEFAULT_SETTINGS_PAGE, SETTINGS_PAGES, type SettingsPageId } from './settings-pages';
import { SettingsLayout } from './SettingsLayout';
import { TeamsPage } from '../teams';
import { lazyComponent } from '../../ui/lazy-component';
import { PageLoader } from '../../ui/feedback/PageLoader';

// Webhooks: one lazy entry for the list and an endpoint's delivery log.
const WebhooksArea = lazyComponent(() => import('../webhooks'), 'WebhooksArea');

/**
 * Shows a page only to roles that may open it, by the rule that offers it in the navigation
 * (settings-pages.tsx); others learn why instead of a failed load.
 */
function Allowed({
  page,
  title,
  description,
  children,
}: {
  page: SettingsPageId;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const permissions = useSettingsPermissions();
  const visible = SETTINGS_PAGES.find((entry) => entry.id === page)!.visible;
  if (!visible(permissions)) return <NoAccessState title={title} description={description} />;
  return children;
}

const forMembers = {
  title: 'For members of the organisation',
  description: 'Guests see only their own account settings.',
};

/** /organisations/{slug}/settings/*: the settings area (part of the organisation-areas unit). */
export function SettingsArea() {
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<Navigate to={DEFAULT_SETTINGS_PAGE} replace />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route path="devices" element={<DevicesPage />} />
        <Route path="notifications" element={<NotificationSettingsPage />} />
        <Route
          path="members"
          element={
            <Allowed page="members" {...forMembers}>
              <MembersPage />
            </Allowed>
          }
        />
        <Route
          path="guests"
          element={
            <Allowed page="guests" {...forMembers}>
              <GuestsPage />
            </Allowed>
          }
        />
        <Route
          path="teams"
          element={
            <Allowed page="teams" {...forMembers}>
              <TeamsPage />
            </Allowed>
          }
        />
        <Route
          path="qualifications"
          element={
            <Allowed page="qualifications" {...forMembers}>
              <QualificationsPage />
            </Allowed>
          }
        />
        <Route
          path="api-keys"
          element={
            <Allowed
              page="api-keys"
              title="API keys are managed by admins"
              description="Ask an admin of the organisation for access to the API."
            >
              <ApiKeysPage />
            </Allowed>
          }
        />
        <Route
          path="audit-log"
          element={
            <Allowed
              page="audit-log"
              title="The audit log is for admins"
              description="Ask an admin of the organisation to look up or undo a change."
            >
              <AuditLogPage />
            </Allowed>
          }
        />
        <Route
          path="deleted-items"
          element={
            <Allowed
              page="deleted-items"
              title="Deleted items are restored by managers"
              description="Ask a manager or an admin of the organisation to restore something deleted."
            >
              <DeletionsPage />
            </Allowed>
          }
        />
        <Route
          path="webhooks/*"
          element={
            <Allowed
              page="webhooks"
              title="Webhooks are managed by admins"
              description="Ask an admin of the organisation to connect another system."
            >
              <Suspense fallback={<PageLoader />}>
                <WebhooksArea />
              </Suspense>
            </Allowed>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
