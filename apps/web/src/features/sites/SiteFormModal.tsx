import { siteCreateSchema } from '@fieldwork/contract';
import type { Site } from '@fieldwork/contract';
import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { ValidationFailureError } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordForm } from '../../ui/forms/RecordForm';
import { recordFormModal, type RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useCountries } from '../account';
import { FindCoordinates } from './FindCoordinates';
import { geocodingAddress, renameSiteErrors, siteFormValues, siteInputFrom } from './site-form';
import { useSaveSite } from './sites-api';

/** Errors found in the browser go through the same path as the server's. */
function asValidationError(errors: Array<{ field: string; message: string }>, message: string) {
  return new ValidationFailureError(
    422,
    { type: 'Validation Failure', status: 422, code: 'validation_failed', message, errors },
    message,
  );
}

function SiteForm({
  record: site,
  onDone,
  onSaved,
}: RecordFormProps<Site> & { onSaved?: (site: Site) => void }) {
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

  /** Coordinates and what3words are checked as typed (two fields for one coordinates value). */
  const coordinatesRead = () => {
    const checked = siteInputFrom(form.values);
    if (!checked.errors) return true;
    const errors = Object.entries(checked.errors).map(([field, message]) => ({
      field,
      message: message ?? '',
    }));
    form.capture(asValidationError(errors, 'Check the fields marked.'));
    return false;
  };

  return (
    <RecordForm
      form={form}
      record={site}
      save={save}
      createLabel="Create site"
      onDone={onDone}
      onSaved={onSaved}
      precheck={coordinatesRead}
      onError={(error) =>
        form.capture(
          error instanceof ValidationFailureError
            ? asValidationError(renameSiteErrors(error.errors), error.message)
            : error,
        )
      }
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
    </RecordForm>
  );
}

export const SiteFormModal = recordFormModal('site', SiteForm);
