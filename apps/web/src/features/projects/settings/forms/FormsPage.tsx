import type { ProjectForm } from '@fieldwork/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { useEditTarget } from '../../../../ui/forms/RecordFormModal';
import { ConfigListPanel } from '../ConfigListPanel';
import { LibraryButton, LibraryItemActions } from '../library-items';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { syncForms } from '../settings-api';
import { useConfigList, useConfigMutation, useDeleteConfigItem } from '../use-config-list';
import { AddFormsModal } from './AddFormsModal';
import { LOCATION_SECTION_LABEL, automationSummary } from './form-automation';
import { ProjectFormModal } from './ProjectFormModal';

/** Settings › Forms: the forms job sheets are filled in with, and what they do to statuses. */
export function FormsPage({ owner }: { owner: SettingsOwner }) {
  const forms = useConfigList(owner, 'forms');
  const statuses = useConfigList(owner, 'location_statuses');
  const remove = useDeleteConfigItem(owner, 'forms');
  const sync = useConfigMutation(owner, () => syncForms(owner));
  const edit = useEditTarget<ProjectForm>();
  const [adding, setAdding] = useState(false);

  const syncFromLibrary = () =>
    sync.mutate(undefined, {
      onSuccess: () => notifySuccess('Forms synced from the library'),
      onError: (error) => notifyFailure('Could not sync the forms', error),
    });

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list="forms"
        title="Forms"
        description={`The forms operatives fill in on this ${ownerNoun(owner)}, in the order offered.`}
        addLabel="Add forms"
        onAdd={() => setAdding(true)}
        actions={
          <LibraryButton
            icon={<IconRefresh size={16} />}
            loading={sync.isPending}
            onClick={syncFromLibrary}
          >
            Sync from library
          </LibraryButton>
        }
        empty={{
          icon: <IconFileDescription size={32} />,
          title: 'No forms',
          description: 'Add forms from the library for operatives to fill in.',
        }}
        nameOf={(form) => form.name}
      >
        {(form) => {
          const automations = automationSummary(form, statuses.data ?? []);
          return (
            <Group gap="xs" wrap="nowrap">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={500} truncate>
                  {form.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[LOCATION_SECTION_LABEL[form.location_section], ...automations].join(' · ')}
                </Text>
              </Stack>
              {form.confirm_location_status_on_submit && (
                <Badge variant="light" color="gray" visibleFrom="xs">
                  Confirms status
                </Badge>
              )}
              <LibraryItemActions
                owner={owner}
                name={form.name}
                noun="form"
                onEdit={() => edit.openEdit(form)}
                remove={() => remove.mutateAsync({ id: form.id })}
              />
            </Group>
          );
        }}
      </ConfigListPanel>
      <ProjectFormModal owner={owner} target={edit.target} onClose={edit.close} />
      <AddFormsModal
        owner={owner}
        opened={adding}
        current={forms.data ?? []}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
