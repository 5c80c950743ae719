import { Skeleton } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import { ApprovalStagesPage } from './approval-stages/ApprovalStagesPage';
import { AttributesPage } from './attributes/AttributesPage';
import { FoldersPage } from './folders/FoldersPage';
import { FormsPage } from './forms/FormsPage';
import { GeneralSettingsPage } from './general/GeneralSettingsPage';
import { ProjectGuestsPage } from './guests/ProjectGuestsPage';
import { LocationStatusesPage } from './location-statuses/LocationStatusesPage';
import { MaterialsPage } from './materials/MaterialsPage';
import { ownerNoun } from './owner';
import { OwnerPermissionsContext } from './permissions';
import type { SettingsOwner } from './owner';
import { useOwnerRecord } from './owner-record';
import { DEFAULT_SETTINGS_TAB, settingsTabsFor } from './settings-tabs';
import { SettingsTabsLayout } from './SettingsTabsLayout';
import { SiteStructurePage } from './structure/SiteStructurePage';

/**
 * The settings of a project or a template: one tab per part of its configuration, the same
 * screens for both (only the API prefix differs). Rendered below a route ending in `/*`.
 */
export function OwnerSettingsRoutes({
  owner,
  basePath,
  eyebrow,
  back,
  actions,
}: {
  owner: SettingsOwner;
  basePath: string;
  eyebrow: string;
  back: { to: string; label: string };
  actions?: ReactNode;
}) {
  const record = useOwnerRecord(owner);
  if (record.error instanceof ApiError && record.error.status === 404) {
    return (
      <ListEmptyState
        icon={<IconMoodEmpty size={32} />}
        title={`This ${ownerNoun(owner)} does not exist`}
        description={`It may have been deleted, or the link is wrong.`}
      />
    );
  }
  const title = record.data?.name ?? (record.isError ? '' : <Skeleton height={30} w={240} />);
  const pages: Record<string, ReactNode> = {
    general: <GeneralSettingsPage owner={owner} />,
    location_statuses: <LocationStatusesPage owner={owner} />,
    job_attributes: <AttributesPage key="job_attributes" owner={owner} list="job_attributes" />,
    location_attributes: (
      <AttributesPage key="location_attributes" owner={owner} list="location_attributes" />
    ),
    specification_attributes: (
      <AttributesPage
        key="specification_attributes"
        owner={owner}
        list="specification_attributes"
      />
    ),
    approval_stages: <ApprovalStagesPage owner={owner} />,
    folders: <FoldersPage owner={owner} />,
    materials: <MaterialsPage owner={owner} />,
    forms: <FormsPage owner={owner} />,
    // Project-only pages (settingsTabsFor leaves them out of a template's tabs).
    ...(owner.kind === 'project' && {
      structure: <SiteStructurePage projectId={owner.id} />,
      guests: <ProjectGuestsPage projectId={owner.id} />,
    }),
  };

  return (
    <OwnerPermissionsContext.Provider value={record.data?.permissions}>
      {record.isError && <QueryErrorState title="Could not load the settings" query={record} />}
      <Routes>
        <Route
          element={
            <SettingsTabsLayout
              tabs={settingsTabsFor(owner.kind)}
              basePath={basePath}
              eyebrow={eyebrow}
              title={title}
              back={back}
              actions={actions}
            />
          }
        >
          <Route index element={<Navigate to={DEFAULT_SETTINGS_TAB} replace />} />
          {Object.entries(pages).map(([path, page]) => (
            <Route key={path} path={path} element={page} />
          ))}
          <Route path="*" element={<Navigate to={DEFAULT_SETTINGS_TAB} replace />} />
        </Route>
      </Routes>
    </OwnerPermissionsContext.Provider>
  );
}
