import { updatePaymentMethodBodySchema } from '@fieldwork/contract';
import type {
  BillingDetails,
  FieldError,
  UpdatePaymentMethodBody,
  UpdatePaymentMethodResult,
} from '@fieldwork/contract';
import { Alert, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { ValidationFailureError } from '../../api/errors';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useSession } from '../../session/use-session';
import { useUpdatePaymentMethod } from './billing-api';
import { useRegisterPendingInput } from './pending-input';
import type { PendingInputRef } from './pending-input';
import {
  BRAND_LABEL,
  cardBrandOf,
  cardNumberError,
  digitsOf,
  expiryError,
  formatCardNumber,
  parseExpiry,
} from './card';
import { FormActions } from '../../ui/forms/FormActions';

/** The body the typed card makes: its digits and the month and year of `MM/YY`. */
function cardOf(values: Record<'card_number' | 'expiry', string>): UpdatePaymentMethodBody {
  const expiry = parseExpiry(values.expiry);
  return {
    card_number: digitsOf(values.card_number),
    exp_month: expiry?.month,
    exp_year: expiry?.year,
  };
}

/** The server names exp_month and exp_year; the form has one expiry field for both. */
function onFormFields(error: unknown): unknown {
  if (!(error instanceof ValidationFailureError)) return error;
  const errors: FieldError[] = error.errors.map((item) =>
    item.field === 'exp_month' || item.field === 'exp_year' ? { ...item, field: 'expiry' } : item,
  );
  const body = typeof error.body === 'object' && error.body !== null ? error.body : {};
  return new ValidationFailureError(error.status, { ...body, errors }, error.message);
}

/**
 * A card for the local ledger (docs/billing.md): the number is checked with Luhn and the expiry
 * for the past before anything is sent; the server keeps only brand, last 4 and expiry. With
 * Stripe the server answers a URL instead, and the card is entered on Stripe's page.
 */
export function PaymentMethodForm({
  submitLabel = 'Save card',
  onSaved,
  pendingInput,
}: {
  submitLabel?: string;
  onSaved?: (details: BillingDetails) => void;
  /** Set while the form is shown: saves a typed card (a checkout's Subscribe calls it). */
  pendingInput?: PendingInputRef;
}) {
  const form = useZodForm(updatePaymentMethodBodySchema, { card_number: '', expiry: '' }, cardOf);
  const save = useUpdatePaymentMethod();
  const { environment } = useSession();
  const digits = digitsOf(form.values.card_number);
  const brand = digits.length >= 2 ? cardBrandOf(digits) : null;

  /**
   * The card to send, or null after showing what is wrong with it: the number (Luhn) and the
   * expiry (not past) are checked as typed, with messages for those fields, then the contract.
   */
  const checkedCard = () => {
    const errors = {
      card_number: cardNumberError(form.values.card_number),
      expiry: expiryError(form.values.expiry),
    };
    if (errors.card_number || errors.expiry) {
      form.mantine.setErrors(errors);
      return null;
    }
    return form.check();
  };

  const saved = (answer: UpdatePaymentMethodResult) => {
    if (answer.url) {
      window.location.assign(answer.url);
      return;
    }
    form.setValue('card_number', '');
    form.setValue('expiry', '');
    if (answer.data) onSaved?.(answer.data);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = checkedCard();
    if (!card) return;
    save.mutate(card, {
      onSuccess: saved,
      onError: (error) => form.capture(onFormFields(error)),
    });
  };

  useRegisterPendingInput(pendingInput, async () => {
    if (!form.values.card_number.trim() && !form.values.expiry.trim()) return true;
    const card = checkedCard();
    if (!card) return false;
    try {
      const answer = await save.mutateAsync(card);
      saved(answer);
      return answer.url === null;
    } catch (error) {
      form.capture(onFormFields(error));
      return false;
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Card">
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          leftSection={<IconCreditCard size={16} />}
          rightSection={
            brand && brand !== 'unknown' ? (
              <Text size="xs" c="dimmed" pr="xs">
                {BRAND_LABEL[brand]}
              </Text>
            ) : undefined
          }
          rightSectionWidth={brand && brand !== 'unknown' ? 110 : undefined}
          {...form.bind('card_number')}
          onChange={(event) =>
            form.setValue('card_number', formatCardNumber(event.currentTarget.value))
          }
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            required
            placeholder="MM/YY"
            autoComplete="cc-exp"
            inputMode="numeric"
            {...form.bind('expiry')}
          />
        </SimpleGrid>
        <FormErrorAlert message={form.formError} />
        {environment !== 'production' && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
            <Text size="xs">
              Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0341 is saved but every charge
              fails. Any future expiry.
            </Text>
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Only the card&apos;s brand, last four digits and expiry are kept.
        </Text>
        <FormActions submitLabel={submitLabel} pending={save.isPending} />
      </Stack>
    </form>
  );
}
