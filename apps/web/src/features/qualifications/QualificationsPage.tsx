import { Button, Stack } from '@mantine/core';
import { IconCertificate, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { confirmDeletion } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useMemberOptions } from '../people';
import type { Qualification } from '../../ui/people-types';
import { useSettingsPermissions } from '../../session/settings-permissions';
import { QualificationFilters } from './QualificationFilters';
import { QualificationFormModal, type QualificationEditTarget } from './QualificationFormModal';
import { QualificationsTable } from './QualificationsTable';
import { useDeleteQualification, useQualificationList } from './qualifications-api';
import { useQualificationListState } from './use-qualification-list-state';

/** /settings/qualifications: certificates and cards of the members, and when they expire. */
export function QualificationsPage() {
  const can = useSettingsPermissions();
  const list = useQualificationListState();
  const qualifications = useQualificationList(list.query);
  const members = useMemberOptions();
  const deleteQualification = useDeleteQualification();
  const [editTarget, setEditTarget] = useState<QualificationEditTarget>(null);
  const openCreate = () => setEditTarget({ mode: 'create' });
  const canEdit = (qualification: Qualification) =>
    can.manageAllQualifications || qualification.user_id === can.userId;

  const remove = (qualification: Qualification) =>
    confirmDeletion({
      title: 'Delete qualification',
      message: `Delete ${qualification.name}${qualification.user_name ? ` of ${qualification.user_name}` : ''} and its files? This cannot be undone.`,
      onDelete: (force) => deleteQualification.mutateAsync({ id: qualification.id, force }),
      onDeleted: () => notifySuccess(`${qualification.name} deleted`),
      onFailed: (error) => notifyFailure(`Could not delete ${qualification.name}`, error),
    });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
      New qualification
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Qualifications"
        description={
          can.manageAllQualifications
            ? 'Certificates and cards of your members, and when they expire.'
            : 'Your certificates and cards, and when they expire.'
        }
        actions={newButton}
      />
      <QualificationFilters
        list={list}
        memberOptions={can.manageAllQualifications ? members.options : []}
      />
      <RecordListView
        list={list}
        result={qualifications}
        plural="qualifications"
        empty={{
          icon: <IconCertificate size={32} />,
          title: 'No qualifications yet',
          description:
            'Record certificates and cards with their expiry dates; expired ones and those expiring within 30 days are flagged.',
          action: newButton,
        }}
      >
        {(rows) => (
          <QualificationsTable
            qualifications={rows}
            sort={list.sort}
            onSort={list.sortBy}
            canEdit={canEdit}
            onEdit={(qualification) => setEditTarget({ mode: 'edit', qualification })}
            onDelete={remove}
          />
        )}
      </RecordListView>
      <QualificationFormModal
        target={editTarget}
        onClose={() => setEditTarget(null)}
        memberOptions={can.manageAllQualifications ? members.options : undefined}
        currentUserId={can.userId}
      />
    </Stack>
  );
}
