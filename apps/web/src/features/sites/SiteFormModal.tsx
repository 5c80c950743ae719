import { siteCreateSchema } from '@fieldwork/contract';
import type { Site } from '@fieldwork/contract';
import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { ValidationFailureError } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { ModalForm } from '../../ui/forms/ModalForm';
import { RecordFormModal, notifySaved } from '../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useCountries } from '../account/account-api';
import { FindCoordinates } from './FindCoordinates';
import { geocodingAddress, renameSiteErrors, siteFormValues, siteInputFrom } from './site-form';
import { useSaveSite } from './sites-api';
import type { SiteInput } from './sites-api';

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
  const form = useZodForm(
    siteCreateSchema,
    siteFormValues(site, defaultCountry),
    (values) => siteInputFrom(values).input ?? {},
  );
  const countryName = countries.data?.find((country) => country.code === form.values.country)?.name;

  const send = (input: SiteInput) =>
    save.mutate(
      { id: site?.id, input },
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
  /** Coordinates and what3words are checked as typed (two fields for one coordinates value). */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = siteInputFrom(form.values);
    if (checked.errors) {
      event.preventDefault();
      const errors = Object.entries(checked.errors).map(([field, message]) => ({
        field,
        message: message ?? '',
      }));
      form.capture(asValidationError(errors, 'Check the fields marked.'));
      return;
    }
    form.submit(send)(event);
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={form.formError}
      submitLabel={site ? 'Save' : 'Create site'}
      pending={save.isPending}
      onCancel={onDone}
    >
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
        error={form.errorOf('country')}
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
      <Textarea label="Notes" rows={3} resize="vertical" {...form.bind('notes')} />
    </ModalForm>
  );
}
