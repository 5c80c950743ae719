import { TAX_ID_TYPES, billingDetailsUpdateSchema } from '@fieldwork/contract';
import type { BillingDetails, BillingDetailsUpdate } from '@fieldwork/contract';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSaveBillingDetails } from './billing-api';
import { useRegisterPendingInput } from './pending-input';
import type { PendingInputRef } from './pending-input';
import { countryOptions } from './countries';
import { FormActions } from '../../ui/forms/FormActions';

type TaxType = (typeof TAX_ID_TYPES)[number];

const TAX_LABEL: Record<TaxType, string> = {
  gb_vat: 'UK VAT number',
  eu_vat: 'EU VAT number',
  au_abn: 'Australian ABN',
  us_ein: 'US EIN',
  ca_bn: 'Canadian BN',
  nz_gst: 'New Zealand GST number',
};

const isTaxType = (value: string): value is TaxType => TAX_ID_TYPES.some((type) => type === value);

/** The form's fields are the paths the server names in its 422 errors (`address.city`). */
function initialValues(details: BillingDetails | undefined) {
  return {
    name: details?.name ?? '',
    email: details?.email ?? '',
    address: {
      line1: details?.address.line1 ?? '',
      line2: details?.address.line2 ?? '',
      city: details?.address.city ?? '',
      postal_code: details?.address.postal_code ?? '',
      country: details?.address.country ?? 'GB',
    },
    tax: { type: details?.tax?.type ?? '', value: details?.tax?.value ?? '' },
  };
}

type Values = ReturnType<typeof initialValues>;

/** No tax type chosen: no tax ID (null removes a saved one). */
const bodyOf = ({ tax, ...values }: Values) => ({
  ...values,
  tax: isTaxType(tax.type) ? { type: tax.type, value: tax.value } : null,
});

/** Name, e-mail, address and tax ID printed on invoices (PUT /stripe_billing_data, owner only). */
export function BillingDetailsForm({
  details,
  onSaved,
  submitLabel = 'Save billing details',
  pendingInput,
}: {
  details: BillingDetails | undefined;
  onSaved?: (details: BillingDetails) => void;
  submitLabel?: string;
  /** Set while the form is shown: saves what it holds (a checkout's Subscribe calls it). */
  pendingInput?: PendingInputRef;
}) {
  const form = useZodForm(billingDetailsUpdateSchema, initialValues(details), bodyOf);
  const save = useSaveBillingDetails();
  const { values } = form;

  const send = (body: BillingDetailsUpdate) =>
    save.mutate(body, { onSuccess: (saved) => onSaved?.(saved), onError: form.capture });

  useRegisterPendingInput(pendingInput, async () => {
    try {
      const body = form.check();
      if (!body) return false;
      onSaved?.(await save.mutateAsync(body));
      return true;
    } catch (error) {
      form.capture(error);
      return false;
    }
  });

  return (
    <form onSubmit={form.submit(send)} noValidate aria-label="Billing details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name on invoices"
            required
            autoComplete="organization"
            {...form.bind('name')}
          />
          <TextInput
            label="Billing e-mail"
            required
            type="email"
            autoComplete="email"
            {...form.bind('email')}
          />
        </SimpleGrid>
        <TextInput
          label="Address"
          required
          autoComplete="address-line1"
          {...form.bind('address.line1')}
        />
        <TextInput
          label="Address line 2"
          autoComplete="address-line2"
          {...form.bind('address.line2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="City"
            required
            autoComplete="address-level2"
            {...form.bind('address.city')}
          />
          <TextInput
            label="Postcode"
            required
            autoComplete="postal-code"
            {...form.bind('address.postal_code')}
          />
          <Select
            label="Country"
            required
            searchable
            data={countryOptions()}
            value={values.address.country || null}
            error={form.errorOf('address.country')}
            onChange={(value) => form.mantine.setFieldValue('address.country', value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Tax ID"
            placeholder="No tax ID"
            clearable
            data={TAX_ID_TYPES.map((type) => ({ value: type, label: TAX_LABEL[type] }))}
            value={values.tax.type || null}
            error={form.errorOf('tax.type')}
            onChange={(value) => form.mantine.setFieldValue('tax.type', value ?? '')}
          />
          <TextInput
            label="Tax ID number"
            disabled={!values.tax.type}
            {...form.bind('tax.value')}
          />
        </SimpleGrid>
        <FormErrorAlert message={form.formError} />
        <FormActions submitLabel={submitLabel} pending={save.isPending} />
      </Stack>
    </form>
  );
}
