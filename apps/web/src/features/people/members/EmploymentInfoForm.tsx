import { employmentInfoBodySchema } from '@fieldwork/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import type { Member } from '../../../ui/people-types';
import { useSetEmploymentInfo } from './members-api';

/** A typed amount: nothing is "not set" (null); anything else a number, or NaN for the schema to refuse. */
const amount = (value: string) => (value.trim() === '' ? null : Number(value));

export function EmploymentInfoForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const save = useSetEmploymentInfo();
  const info = member.employment_info;
  const form = useZodForm(
    employmentInfoBodySchema,
    {
      employee_number: info?.employee_number ?? '',
      tax_number: info?.tax_number ?? '',
      hourly_rate: info?.hourly_rate?.toString() ?? '',
      daily_rate: info?.daily_rate?.toString() ?? '',
    },
    (values) => ({
      ...values,
      hourly_rate: amount(values.hourly_rate),
      daily_rate: amount(values.daily_rate),
    }),
  );

  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={(input) => ({
        id: member.id,
        info: {
          employee_number: input.employee_number ?? null,
          tax_number: input.tax_number ?? null,
          hourly_rate: input.hourly_rate ?? null,
          daily_rate: input.daily_rate ?? null,
        },
      })}
      notice={`Employment information of ${member.name} saved`}
      onDone={onDone}
      submitLabel="Save"
    >
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
    </MutationForm>
  );
}
