import { updateOrganisationBodySchema } from '@fieldwork/contract';
import type { Organisation, UpdateOrganisationBody } from '@fieldwork/contract';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { SettingsSection } from '../../ui/SettingsSection';
import { useCountries, useCurrencies, useTimezones, useUpdateOrganisation } from './account-api';
import { optionsOf } from './organisation-options';
import { noticeAfter } from '../../ui/forms/close-after';

/** Name, currency, country and time zone (PUT /organisation); errors name `options.timezone`. */
export function OrganisationDetailsForm({
  organisation,
  canEdit,
}: {
  organisation: Organisation;
  canEdit: boolean;
}) {
  const options = optionsOf(organisation);
  const currencies = useCurrencies();
  const countries = useCountries();
  const timezones = useTimezones();
  const update = useUpdateOrganisation();
  const form = useZodForm(updateOrganisationBodySchema, {
    name: organisation.name,
    options: {
      currency_code: options.currency_code,
      country: options.country,
      timezone: options.timezone,
    },
  });

  const send = (body: UpdateOrganisationBody) =>
    update.mutate(body, noticeAfter('Organisation saved', form));

  // The saved values are offered even before (or without) the lists, so nothing shows blank.
  const withCurrent = (data: Array<{ value: string; label: string }> | undefined, value: string) =>
    data?.some((item) => item.value === value) ? data : [{ value, label: value }, ...(data ?? [])];
  const selectProps = (field: 'currency_code' | 'country' | 'timezone') => ({
    searchable: true,
    allowDeselect: false,
    nothingFoundMessage: 'Nothing matches',
    disabled: !canEdit,
    value: form.values.options[field],
    error: form.errorOf(`options.${field}`),
    onChange: (value: string | null) =>
      value && form.mantine.setFieldValue(`options.${field}`, value),
    comboboxProps: { withinPortal: true },
  });

  return (
    <SettingsSection
      title="Organisation"
      description="Its name, and the currency, country and time zone used for prices, dates and reports."
    >
      <form onSubmit={form.submit(send)} noValidate aria-label="Organisation details">
        <Stack>
          <FormErrorAlert message={form.formError} />
          <TextInput
            label="Organisation name"
            required
            disabled={!canEdit}
            {...form.bind('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Currency"
              data={withCurrent(
                currencies.data?.map((currency) => ({
                  value: currency.code,
                  label: `${currency.code} · ${currency.name}${currency.prefix || currency.suffix ? ` (${(currency.prefix || currency.suffix).trim()})` : ''}`,
                })),
                form.values.options.currency_code,
              )}
              {...selectProps('currency_code')}
            />
            <Select
              label="Country"
              data={withCurrent(
                countries.data?.map((country) => ({ value: country.code, label: country.name })),
                form.values.options.country,
              )}
              {...selectProps('country')}
            />
          </SimpleGrid>
          <Select
            label="Time zone"
            description="Job times, timesheets and report dates are shown in this time zone."
            data={withCurrent(
              timezones.data?.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
              form.values.options.timezone,
            )}
            limit={200}
            {...selectProps('timezone')}
          />
          {canEdit && (
            <Group>
              <Button type="submit" loading={update.isPending}>
                Save organisation
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
