import type { Site } from '@fieldwork/contract';
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { ValidationFailureError } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { FormActions } from '../../ui/forms/FormActions';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useForm } from '../../ui/forms/use-form';
import { useCountries } from '../account/account-api';
import { FindCoordinates } from './FindCoordinates';
import { geocodingAddress, renameSiteErrors, siteFormValues, siteInputFrom } from './site-form';
import { useSaveSite } from './sites-api';

export function SiteFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: EditTarget<Site>;
  onClose: () => void;
  onSaved?: (site: Site) => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="site">
      {(site) => (
        <SiteForm
          site={site}
          onDone={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </RecordFormModal>
  );
}

/** Errors found in the browser go through the same path as the server's. */
function asValidationError(errors: Array<{ field: string; message: string }>, message: string) {
  return new ValidationFailureError(
    422,
    { type: 'Validation Failure', status: 422, code: 'validation_failed', message, errors },
    message,
  );
}

function SiteForm({
  site,
  onDone,
  onSaved,
}: {
  site: Site | undefined;
  onDone: () => void;
  onSaved: (site: Site) => void;
}) {
  const organisation = useCurrentOrganisation();
  const defaultCountry =
    typeof organisation.options.country === 'string' ? organisation.options.country : '';
  const save = useSaveSite();
  const countries = useCountries();
  const form = useForm(siteFormValues(site, defaultCountry));
  const countryName = countries.data?.find((country) => country.code === form.values.country)?.name;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const checked = siteInputFrom(form.values);
    if (checked.errors) {
      const errors = Object.entries(checked.errors).map(([field, message]) => ({
        field,
        message: message ?? '',
      }));
      form.capture(asValidationError(errors, 'Check the fields marked.'));
      return;
    }
    save.mutate(
      { id: site?.id, input: checked.input },
      {
        onSuccess: (saved) => notifySaved(!site, () => onSaved(saved))(saved),
        onError: (error) =>
          form.capture(
            error instanceof ValidationFailureError
              ? asValidationError(renameSiteErrors(error.errors), error.message)
              : error,
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          description="Leave empty to name the site after its address"
          placeholder={form.values.address_line_1 || 'e.g. Riverside Apartments'}
          data-autofocus
          {...form.bind('name')}
        />
        <TextInput label="Address line 1" {...form.bind('address_line_1')} />
        <TextInput label="Address line 2" {...form.bind('address_line_2')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Town or city" {...form.bind('city')} />
          <TextInput label="Postcode" {...form.bind('postcode')} />
        </SimpleGrid>
        <Select
          label="Country"
          searchable
          clearable
          nothingFoundMessage="No country matches"
          data={countries.data?.map((country) => ({ value: country.code, label: country.name }))}
          value={form.values.country || null}
          onChange={(value) => form.setValue('country', value ?? '')}
          error={form.fieldErrors.country}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Latitude"
            placeholder="e.g. 53.7947"
            inputMode="decimal"
            {...form.bind('latitude')}
          />
          <TextInput
            label="Longitude"
            placeholder="e.g. -1.5461"
            inputMode="decimal"
            {...form.bind('longitude')}
          />
        </SimpleGrid>
        <FindCoordinates
          address={geocodingAddress(form.values, countryName)}
          onFound={({ lat, lng }) => {
            form.setValue('latitude', String(lat));
            form.setValue('longitude', String(lng));
          }}
        />
        <TextInput
          label="what3words"
          placeholder="///filled.count.soap"
          {...form.bind('what3words')}
        />
        <Textarea
          label="Notes"
          rows={3}
          resize="vertical"
          value={form.values.notes}
          onChange={(event) => form.setValue('notes', event.currentTarget.value)}
          error={form.fieldErrors.notes}
        />
        <FormActions
          submitLabel={site ? 'Save' : 'Create site'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
