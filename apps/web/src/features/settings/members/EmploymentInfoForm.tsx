import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useForm } from '../../../ui/forms/use-form';
import type { EmploymentInfo, Member } from '../people-types';
import { FormActions } from '../../../ui/forms/FormActions';
import { useSetEmploymentInfo } from './members-api';

const text = (value: string) => value.trim() || null;
const amount = (value: string) => (value.trim() === '' ? null : Number(value));

export function EmploymentInfoForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const save = useSetEmploymentInfo();
  const info = member.employment_info;
  const form = useForm({
    employee_number: info?.employee_number ?? '',
    tax_number: info?.tax_number ?? '',
    hourly_rate: info?.hourly_rate?.toString() ?? '',
    daily_rate: info?.daily_rate?.toString() ?? '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const body: EmploymentInfo = {
      employee_number: text(form.values.employee_number),
      tax_number: text(form.values.tax_number),
      hourly_rate: amount(form.values.hourly_rate),
      daily_rate: amount(form.values.daily_rate),
    };
    save.mutate(
      { id: member.id, info: body },
      {
        onSuccess: () => {
          notifySuccess(`Employment information of ${member.name} saved`);
          onDone();
        },
        onError: form.capture,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Employee number" data-autofocus {...form.bind('employee_number')} />
          <TextInput label="Tax number" {...form.bind('tax_number')} />
          <TextInput
            label="Hourly rate"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...form.bind('hourly_rate')}
          />
          <TextInput
            label="Daily rate"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...form.bind('daily_rate')}
          />
        </SimpleGrid>
        <FormActions submitLabel="Save" pending={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
