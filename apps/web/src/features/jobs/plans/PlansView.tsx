import { ActionIcon, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { useEditTarget } from '../../../ui/forms/RecordFormModal';
import { SortableList } from '../../../ui/sortable/SortableList';
import { addDays, formatDayLong, localToday } from '../calendar-days';
import { PlanFormModal } from './PlanFormModal';
import {
  planTitle,
  plansByOperative,
  useDayPlans,
  useDeletePlan,
  useReorderPlans,
  type ListedPlan,
} from './plans-api';

/**
 * The jobs page's "Plans" view: one day's daily job plans, per operative, in the order the
 * operative sees them. Managers create, edit, delete and drag plans into order; an operative
 * sees their own.
 */
export function PlansView() {
  const [day, setDay] = useState(localToday);
  const plans = useDayPlans(day);
  // What the caller may do comes with the list (meta.permissions).
  const may = plans.data?.meta.permissions ?? {};
  const manages = may.update === true;
  const canCreate = may.create === true;
  const editing = useEditTarget<ListedPlan>();
  const [newFor, setNewFor] = useState<string | undefined>();
  const openCreate = (operativeId?: string) => {
    setNewFor(operativeId);
    editing.openCreate();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous day"
            onClick={() => setDay(addDays(day, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h4" miw={0} aria-live="polite">
            {formatDayLong(day)}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next day"
            onClick={() => setDay(addDays(day, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          {day !== localToday() && (
            <Button variant="subtle" size="xs" onClick={() => setDay(localToday())}>
              Today
            </Button>
          )}
        </Group>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openCreate()}>
            New plan
          </Button>
        )}
      </Group>
      <DayPlans
        result={plans}
        manages={manages}
        onEdit={editing.openEdit}
        onCreate={canCreate ? openCreate : undefined}
      />
      {(canCreate || manages) && (
        <PlanFormModal
          target={editing.target}
          defaults={{ local_day: day, operative_id: newFor }}
          onClose={editing.close}
        />
      )}
    </Stack>
  );
}

function DayPlans({
  result,
  manages,
  onEdit,
  onCreate,
}: {
  result: ReturnType<typeof useDayPlans>;
  manages: boolean;
  onEdit: (plan: ListedPlan) => void;
  onCreate?: (operativeId?: string) => void;
}) {
  if (result.isPending) return <Loader role="status" aria-label="Loading plans" />;
  if (result.error) return <QueryErrorState title="The plans could not be loaded" query={result} />;
  const groups = plansByOperative(result.data.data);
  if (!groups.length)
    return (
      <ListEmptyState
        icon={<IconCalendarEvent size={32} />}
        title="No plans for this day"
        description={
          manages
            ? 'Plan an operative’s day: the order of their work, its forms and instructions.'
            : 'Plans made for you for this day will show here.'
        }
        action={
          onCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => onCreate()}>
              New plan
            </Button>
          )
        }
      />
    );
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <OperativePlans
          key={group.operativeId}
          name={group.name}
          plans={group.plans}
          manages={manages}
          onEdit={onEdit}
          onCreate={onCreate && (() => onCreate(group.operativeId))}
        />
      ))}
    </Stack>
  );
}

function OperativePlans({
  name,
  plans,
  manages,
  onEdit,
  onCreate,
}: {
  name: string;
  plans: ListedPlan[];
  manages: boolean;
  onEdit: (plan: ListedPlan) => void;
  onCreate?: () => void;
}) {
  const reorder = useReorderPlans();
  const remove = useDeletePlan();
  const [order, setOrder] = useState<string[] | null>(null);
  const shown = order ? order.flatMap((id) => plans.filter((plan) => plan.id === id)) : plans;
  const saveOrder = (ids: string[]) => {
    setOrder(ids);
    reorder.mutate(ids, {
      onError: (error) => notifyFailure('The new order was not saved', error),
      onSettled: () => setOrder(null),
    });
  };
  const askDelete = (plan: ListedPlan) =>
    confirmDestructive({
      title: `Delete ${planTitle(plan)}?`,
      message: `${name}'s plan is removed from this day.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(plan.id, {
          onSuccess: () => notifySuccess(`${planTitle(plan)} deleted`),
          onError: (error) => notifyFailure('The plan was not deleted', error),
        }),
    });

  return (
    <Stack gap={6} component="section" aria-label={`${name}'s plans`}>
      <Group justify="space-between">
        <Text fw={600}>{name}</Text>
        {onCreate && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={onCreate}
          >
            Add
          </Button>
        )}
      </Group>
      <SortableList
        items={shown}
        nameOf={planTitle}
        onReorder={saveOrder}
        disabled={!manages || reorder.isPending}
      >
        {(plan) => (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={500} truncate>
                {planTitle(plan)}
              </Text>
              {plan.instructions && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {plan.instructions}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              {plan.form_ids.length > 0 && (
                <Badge variant="light" size="sm">
                  {plan.form_ids.length} form{plan.form_ids.length === 1 ? '' : 's'}
                </Badge>
              )}
              {manages && (
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${planTitle(plan)}`}
                    onClick={() => onEdit(plan)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${planTitle(plan)}`}
                    onClick={() => askDelete(plan)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </>
              )}
            </Group>
          </Group>
        )}
      </SortableList>
    </Stack>
  );
}
