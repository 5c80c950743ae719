import type { Organisation, ReportOptions } from '@fieldwork/contract';
import { Button, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { SettingsSection } from '../settings/SettingsSection';
import { useUpdateReportOptions } from './account-api';
import { optionsOf } from './organisation-options';

type Shown = 'show_job_sheet_timestamps' | 'show_photo_timestamps' | 'show_emails';

const SHOWN: ReadonlyArray<{ key: Shown; label: string }> = [
  { key: 'show_job_sheet_timestamps', label: 'Show when job sheets were filled in' },
  { key: 'show_photo_timestamps', label: 'Show when photos were taken' },
  { key: 'show_emails', label: "Show people's e-mail addresses" },
];

/** What reports print about the organisation (PUT /options/report_options). */
export function ReportOptionsForm({
  organisation,
  canEdit,
}: {
  organisation: Organisation;
  canEdit: boolean;
}) {
  const saved = optionsOf(organisation).report_options;
  const form = useForm({
    company_name: saved.company_name ?? '',
    address: saved.address ?? '',
    telephone: saved.telephone ?? '',
    email: saved.email ?? '',
  });
  const [shown, setShown] = useState<Pick<ReportOptions, Shown>>(() => ({
    show_job_sheet_timestamps: saved.show_job_sheet_timestamps,
    show_photo_timestamps: saved.show_photo_timestamps,
    show_emails: saved.show_emails,
  }));
  const update = useUpdateReportOptions();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const { company_name, address, telephone, email } = form.values;
    update.mutate(
      {
        company_name: company_name.trim() || null,
        address: address.trim() || null,
        telephone: telephone.trim() || null,
        email: email.trim() || null,
        ...shown,
      },
      { onSuccess: () => notifySuccess('Report details saved'), onError: form.capture },
    );
  }

  const { onChange: _onChange, ...addressField } = form.bind('address');

  return (
    <SettingsSection
      title="Reports"
      description="The company details at the top of every report, and what reports show."
    >
      <form onSubmit={submit} noValidate aria-label="Report details">
        <Stack>
          <FormErrorAlert message={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" disabled={!canEdit} {...form.bind('company_name')} />
            <TextInput
              label="Telephone"
              type="tel"
              disabled={!canEdit}
              {...form.bind('telephone')}
            />
          </SimpleGrid>
          <TextInput
            label="Report email"
            type="email"
            disabled={!canEdit}
            {...form.bind('email')}
          />
          <Textarea
            label="Address"
            rows={3}
            disabled={!canEdit}
            {...addressField}
            onChange={(event) => form.setValue('address', event.currentTarget.value)}
          />
          {SHOWN.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              checked={shown[item.key]}
              disabled={!canEdit}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setShown((current) => ({ ...current, [item.key]: checked }));
              }}
            />
          ))}
          {canEdit && (
            <Group>
              <Button type="submit" loading={update.isPending}>
                Save report details
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
