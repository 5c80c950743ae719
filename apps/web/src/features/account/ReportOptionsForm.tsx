import { reportOptionsBodySchema } from '@fieldwork/contract';
import type { Organisation, ReportOptionsBody } from '@fieldwork/contract';
import { Button, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { SettingsSection } from '../../ui/SettingsSection';
import { useUpdateReportOptions } from './account-api';
import { optionsOf } from './organisation-options';
import { noticeAfter } from '../../ui/forms/close-after';

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
  const form = useZodForm(reportOptionsBodySchema, {
    company_name: saved.company_name ?? '',
    address: saved.address ?? '',
    telephone: saved.telephone ?? '',
    email: saved.email ?? '',
    show_job_sheet_timestamps: saved.show_job_sheet_timestamps,
    show_photo_timestamps: saved.show_photo_timestamps,
    show_emails: saved.show_emails,
  });
  const update = useUpdateReportOptions();

  const send = (body: ReportOptionsBody) =>
    update.mutate(body, noticeAfter('Report details saved', form));

  return (
    <SettingsSection
      title="Reports"
      description="The company details at the top of every report, and what reports show."
    >
      <form onSubmit={form.submit(send)} noValidate aria-label="Report details">
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
          <Textarea label="Address" rows={3} disabled={!canEdit} {...form.bind('address')} />
          {SHOWN.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              disabled={!canEdit}
              {...form.bind(item.key, { type: 'checkbox' })}
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
