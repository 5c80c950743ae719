import type { LocationStatus } from '@fieldwork/contract';
import { Group } from '@mantine/core';
import { IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';
import { useEditTarget } from '../../../../ui/forms/RecordFormModal';
import { ConfigListPanel } from '../ConfigListPanel';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { RowActions } from '../RowActions';
import { useConfigList } from '../use-config-list';
import { DeleteLocationStatusModal } from './DeleteLocationStatusModal';
import { LocationStatusFormModal } from './LocationStatusFormModal';
import { LocationStatusRow } from './LocationStatusRow';

/** Settings › Location statuses: what a location's progress can be, in the order offered. */
export function LocationStatusesPage({ owner }: { owner: SettingsOwner }) {
  const edit = useEditTarget<LocationStatus>();
  const statuses = useConfigList(owner, 'location_statuses');
  const [deleting, setDeleting] = useState<LocationStatus | null>(null);

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list="location_statuses"
        title="Location statuses"
        description={`The stages a location of this ${ownerNoun(owner)} goes through, in the order they are offered.`}
        addLabel="Add status"
        onAdd={edit.openCreate}
        empty={{
          icon: <IconCircleDashed size={32} />,
          title: 'No location statuses',
          description: 'Add the statuses a location can have, such as Not started and Completed.',
        }}
        nameOf={(status) => status.name}
      >
        {(status) => (
          <Group gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <LocationStatusRow status={status} />
            </div>
            <RowActions
              name={status.name}
              onEdit={() => edit.openEdit(status)}
              onDelete={() => setDeleting(status)}
            />
          </Group>
        )}
      </ConfigListPanel>
      <LocationStatusFormModal owner={owner} target={edit.target} onClose={edit.close} />
      <DeleteLocationStatusModal
        owner={owner}
        status={deleting}
        statuses={statuses.data ?? []}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
