import type { MaterialRateGroup, RateSet } from '@fieldwork/contract';
import { Badge, Button, Card, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconCopy,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconStar,
} from '@tabler/icons-react';
import { useState } from 'react';
import { CsvImportButton } from '../../ui/csv-import/CsvImportButton';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import { ModalForm } from '../../ui/forms/ModalForm';
import { submitHandler } from '../../ui/forms/submit-handler';
import {
  rateSetNoun,
  rateSetsApi,
  useCreateNamed,
  useRateGroups,
  useRateSetAction,
  useRateSets,
  useResourceRefresh,
  useSetGroupDefault,
} from './materials-api';
import { RateSetEditor } from './RateSetEditor';

/** Library → Rate sets: the rate groups, each with its rate sets and their tiers. */
export function RateSetsPage() {
  const groups = useRateGroups();
  const sets = useRateSets();
  const refresh = useResourceRefresh();
  const [editing, setEditing] = useState<RateSet | null>(null);
  const [naming, setNaming] = useState<{ groupId: string | null } | null>(null);
  const live = (sets.data ?? []).filter((set) => !set.archived_at);

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <CsvImportButton
          kind="global_rate_set_csv"
          title="Import rate sets"
          noun={(count) => `${count} price row${count === 1 ? '' : 's'}`}
          resultNoun={rateSetNoun}
          rowsAre="One row per tier or base price (the row without For up to)"
          onImported={refresh}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setNaming({ groupId: null })}>
          New rate group
        </Button>
      </Group>
      {groups.data?.length === 0 && (
        <ListEmptyState
          icon={<IconStar size={32} />}
          title="No rate groups yet"
          description="A rate group is what a price is for, such as the client's charge or an operative's pay; each holds rate sets with tiers per input type."
        />
      )}
      {groups.data?.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          sets={live.filter((set) => set.material_rate_group_id === group.id)}
          onEdit={setEditing}
          onNewSet={() => setNaming({ groupId: group.id })}
        />
      ))}
      <RateSetEditor set={editing} onClose={() => setEditing(null)} />
      <NameDialog
        target={naming}
        onClose={() => setNaming(null)}
        onCreated={(set) => set && setEditing(set)}
      />
    </Stack>
  );
}

function GroupCard({
  group,
  sets,
  onEdit,
  onNewSet,
}: {
  group: MaterialRateGroup;
  sets: RateSet[];
  onEdit: (set: RateSet) => void;
  onNewSet: () => void;
}) {
  const act = useRateSetAction();
  const makeDefault = useSetGroupDefault();
  const run = (set: RateSet, action: 'lock' | 'unlock' | 'duplicate', done: string) =>
    act.mutate(
      { id: set.id, action },
      {
        onSuccess: () => notifySuccess(done),
        onError: (error) => notifyFailure(`Could not ${action} ${set.name}`, error),
      },
    );
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{group.name}</Title>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={onNewSet}>
          New rate set
        </Button>
      </Group>
      {sets.length === 0 && (
        <Text size="sm" c="dimmed">
          No rate sets in this group yet.
        </Text>
      )}
      <Stack gap="xs">
        {sets.map((set) => (
          <Group key={set.id} justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" onClick={() => onEdit(set)}>
                {set.name}
              </Button>
              {group.default_material_rate_set_id === set.id && (
                <Badge size="xs" color="blue" variant="light">
                  Default
                </Badge>
              )}
              {set.locked && (
                <Badge
                  size="xs"
                  color="yellow"
                  variant="light"
                  leftSection={<IconLock size={10} />}
                >
                  Locked
                </Badge>
              )}
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {set.prices.length} input type{set.prices.length === 1 ? '' : 's'} priced
              </Text>
            </Group>
            <RowActionsMenu name={set.name}>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(set)}>
                Edit rates
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                onClick={() => run(set, 'duplicate', `${set.name} copied`)}
              >
                Copy rates to a new set
              </Menu.Item>
              {group.default_material_rate_set_id !== set.id && (
                <Menu.Item
                  leftSection={<IconStar size={16} />}
                  onClick={() =>
                    makeDefault.mutate(
                      { groupId: group.id, setId: set.id },
                      {
                        onSuccess: () =>
                          notifySuccess(`${set.name} is the default for ${group.name}`),
                        onError: (error) => notifyFailure('Could not change the default', error),
                      },
                    )
                  }
                >
                  Make default
                </Menu.Item>
              )}
              {set.locked ? (
                <Menu.Item
                  leftSection={<IconLockOpen size={16} />}
                  onClick={() => run(set, 'unlock', `${set.name} unlocked`)}
                >
                  Unlock
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconLock size={16} />}
                  onClick={() => run(set, 'lock', `${set.name} locked`)}
                >
                  Lock
                </Menu.Item>
              )}
            </RowActionsMenu>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Names a new rate group, or a new rate set in a group (then opens its editor). */
function NameDialog({
  target,
  onClose,
  onCreated,
}: {
  target: { groupId: string | null } | null;
  onClose: () => void;
  onCreated: (set: RateSet | null) => void;
}) {
  const createGroup = useCreateNamed('material_rate_groups');
  const refresh = useResourceRefresh();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const isSet = Boolean(target?.groupId);
  const submit = async () => {
    if (!name.trim()) return;
    setPending(true);
    try {
      if (target?.groupId) {
        const set = await rateSetsApi.create({
          material_rate_group_id: target.groupId,
          name,
          description: null,
          prices: [],
        });
        refresh();
        onCreated(set);
      } else {
        await createGroup.mutateAsync({ name });
        onCreated(null);
      }
      notifySuccess(`${name} created`);
      setName('');
      onClose();
    } catch (error) {
      notifyFailure('Could not create it', error);
    } finally {
      setPending(false);
    }
  };
  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={isSet ? 'New rate set' : 'New rate group'}
    >
      <ModalForm
        onSubmit={submitHandler(submit)}
        formError={null}
        submitLabel="Create"
        pending={pending}
      >
        <TextInput
          label="Name"
          placeholder={isSet ? 'e.g. Standard 2026' : 'e.g. Charge'}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
      </ModalForm>
    </FormDialog>
  );
}
