import type { Service } from '@fieldwork/contract';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { ArchivableListFilters } from '../../ui/data-table/ArchivableListFilters';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { RecordName, RecordTable, type RecordColumn } from '../../ui/data-table/RecordTable';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { ModalForm } from '../../ui/forms/ModalForm';
import { NameInput } from '../../ui/forms/NameInput';
import { submitHandler } from '../../ui/forms/submit-handler';
import {
  recordFormModal,
  useEditTarget,
  type RecordFormProps,
} from '../../ui/forms/RecordFormModal';
import {
  amountText,
  parseAmount,
  serviceCount,
  servicesApi,
  useBulkServiceAction,
  useMoney,
  useSaveService,
  useServiceList,
} from './materials-api';

type ServiceSort = 'name' | 'operative_price' | 'charge_price';

/** Library → Services: work charged by the job, with what an operative is paid for it. */
export function ServicesPage() {
  const list = useArchivableListState<ServiceSort>('name');
  const services = useServiceList(list.query);
  const bulk = useBulkServiceAction();
  const edit = useEditTarget<Service>();
  const money = useMoney();
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
      New service
    </Button>
  );
  const columns: RecordColumn<Service, ServiceSort>[] = [
    {
      sort: 'name',
      header: 'Name',
      cell: (service) => (
        <>
          <RecordName name={service.name} archived={service.archived_at !== null} />
          {service.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {service.description}
            </Text>
          )}
        </>
      ),
    },
    { sort: 'operative_price', header: 'Operative price', cell: (s) => money(s.operative_price) },
    { sort: 'charge_price', header: 'Charge price', cell: (s) => money(s.charge_price) },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <ArchivableListFilters plural="services" list={list} />
        {newButton}
      </Group>
      <RecordListView
        list={list}
        result={services}
        plural="services"
        bulk={{ mutation: bulk, countLabel: serviceCount, showArchived: list.showArchived }}
        empty={{
          icon: <IconTool size={32} />,
          title: 'No services yet',
          description: 'Services are work priced by the job, such as a survey or a call-out.',
          action: newButton,
        }}
      >
        {(rows, selection) => (
          <RecordTable
            rows={rows}
            columns={columns}
            sort={list.sort}
            onSort={list.sortBy}
            minWidth={360}
            selection={{ rows: selection, plural: 'services' }}
            actions={(service) => (
              <RecordActionsMenu
                record={service}
                api={servicesApi}
                canForce={false}
                deleteTitle="Delete service"
                deleteMessage={`Delete ${service.name}?`}
                onEdit={() => edit.openEdit(service)}
              />
            )}
          />
        )}
      </RecordListView>
      <ServiceDialog target={edit.target} onClose={edit.close} />
    </Stack>
  );
}

function ServiceForm({ record: service, onDone }: RecordFormProps<Service>) {
  const save = useSaveService();
  const [name, setName] = useState(service?.name ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [operative, setOperative] = useState(amountText(service?.operative_price ?? 0));
  const [charge, setCharge] = useState(amountText(service?.charge_price ?? 0));
  const operativePrice = parseAmount(operative);
  const chargePrice = parseAmount(charge);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    if (operativePrice === null || chargePrice === null || !name.trim()) {
      setErrors({
        ...(!name.trim() && { name: 'Required' }),
        ...(operativePrice === null && { operative: 'An amount, e.g. 120.00' }),
        ...(chargePrice === null && { charge: 'An amount, e.g. 250.00' }),
      });
      return;
    }
    save.mutate(
      {
        id: service?.id,
        input: {
          name,
          description: description || null,
          operative_price: operativePrice,
          charge_price: chargePrice,
        },
      },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.name} ${service ? 'saved' : 'created'}`);
          onDone();
        },
        onError: (error) => notifyFailure('Could not save the service', error),
      },
    );
  };
  return (
    <ModalForm
      onSubmit={submitHandler(submit)}
      formError={null}
      submitLabel={service ? 'Save' : 'Create service'}
      pending={save.isPending}
    >
      <NameInput
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Group grow>
        <TextInput
          label="Operative price"
          inputMode="decimal"
          value={operative}
          error={errors.operative}
          onChange={(e) => setOperative(e.currentTarget.value)}
        />
        <TextInput
          label="Charge price"
          inputMode="decimal"
          value={charge}
          error={errors.charge}
          onChange={(e) => setCharge(e.currentTarget.value)}
        />
      </Group>
    </ModalForm>
  );
}

/** "New service" / "Edit service": name, description and the two prices. */
const ServiceDialog = recordFormModal('service', ServiceForm);
