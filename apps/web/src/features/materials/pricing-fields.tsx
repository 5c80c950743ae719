import type { MaterialInputTypeKey, Pricing } from '@fieldwork/contract';
import { MATERIAL_INPUT_TYPES } from '@fieldwork/contract';
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { amountText, inputTypeName, parseAmount } from './materials-api';

interface TierDraft {
  for_up_to: string;
  fixed_amount: string;
  rate: string;
}

/** A pricing as typed: tiers, the rate and fixed amount above them, a minimum measure. */
export interface PriceDraft {
  tiers: TierDraft[];
  rate: string;
  fixed_amount: string;
  min_measure: string;
}

export const emptyDraft = (): PriceDraft => ({
  tiers: [],
  rate: '',
  fixed_amount: '',
  min_measure: '',
});

export const draftOf = (price: Pricing | null | undefined): PriceDraft =>
  price
    ? {
        tiers: price.tiers.map((tier) => ({
          for_up_to: String(tier.for_up_to),
          fixed_amount: amountText(tier.fixed_amount),
          rate: amountText(tier.rate),
        })),
        rate: amountText(price.rate),
        fixed_amount: amountText(price.fixed_amount),
        min_measure: price.min_measure === null ? '' : String(price.min_measure),
      }
    : emptyDraft();

const measure = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null);

/** A draft as the API's pricing (null when left empty), or the first problem with it. */
export function pricingOf(key: MaterialInputTypeKey, draft: PriceDraft): Pricing | string | null {
  const blank = (text: string) => text.trim() === '';
  if (
    !draft.tiers.length &&
    blank(draft.rate) &&
    blank(draft.fixed_amount) &&
    blank(draft.min_measure)
  )
    return null;
  const amount = (text: string) => (blank(text) ? null : parseAmount(text));
  const tiers = [];
  for (const tier of draft.tiers) {
    const bound = measure(tier.for_up_to);
    const fixed = blank(tier.fixed_amount) ? 0 : parseAmount(tier.fixed_amount);
    const rate = blank(tier.rate) ? 0 : parseAmount(tier.rate);
    if (bound === null || bound <= 0)
      return `${inputTypeName(key)}: each tier needs a bound above 0.`;
    if (fixed === null || rate === null) return `${inputTypeName(key)}: amounts are like 12.50.`;
    tiers.push({ for_up_to: bound, fixed_amount: fixed, rate });
  }
  tiers.sort((a, b) => a.for_up_to - b.for_up_to);
  const rate = amount(draft.rate);
  const fixed = amount(draft.fixed_amount);
  const min = blank(draft.min_measure) ? null : measure(draft.min_measure);
  if ((!blank(draft.rate) && rate === null) || (!blank(draft.fixed_amount) && fixed === null))
    return `${inputTypeName(key)}: amounts are like 12.50.`;
  if (!blank(draft.min_measure) && min === null)
    return `${inputTypeName(key)}: the minimum is a number.`;
  return { tiers, rate, fixed_amount: fixed, min_measure: min };
}

/**
 * A pricing's fields with the input type's own headers and units: tiers (bound, fixed amount,
 * rate), the rate and fixed amount above every tier, and the minimum measure where it has one.
 */
export function PricingFields({
  typeKey,
  draft,
  onChange: change,
  disabled = false,
}: {
  typeKey: MaterialInputTypeKey;
  draft: PriceDraft;
  onChange: (next: PriceDraft) => void;
  disabled?: boolean;
}) {
  const type = MATERIAL_INPUT_TYPES[typeKey];
  const setTier = (index: number, part: Partial<TierDraft>) =>
    change({
      ...draft,
      tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...part } : tier)),
    });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Tiers by {type.for_up_to_header.toLowerCase()} ({type.for_up_to_unit}); the rate is charged
        per {type.min_measure_unit === 'items' ? 'item' : type.min_measure_unit}.
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{`${type.for_up_to_header} (${type.for_up_to_unit})`}</Table.Th>
              {type.enable_fixed_amount && <Table.Th>Fixed amount</Table.Th>}
              <Table.Th>{type.rate_header}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.tiers.map((tier, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={`${type.for_up_to_header} ${index + 1}`}
                    inputMode="decimal"
                    value={tier.for_up_to}
                    disabled={disabled}
                    onChange={(e) => setTier(index, { for_up_to: e.currentTarget.value })}
                  />
                </Table.Td>
                {type.enable_fixed_amount && (
                  <Table.Td>
                    <TextInput
                      aria-label={`Fixed amount ${index + 1}`}
                      inputMode="decimal"
                      value={tier.fixed_amount}
                      disabled={disabled}
                      onChange={(e) => setTier(index, { fixed_amount: e.currentTarget.value })}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <TextInput
                    aria-label={`${type.rate_header} ${index + 1}`}
                    inputMode="decimal"
                    value={tier.rate}
                    disabled={disabled}
                    onChange={(e) => setTier(index, { rate: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove tier ${index + 1}`}
                    disabled={disabled}
                    onClick={() =>
                      change({ ...draft, tiers: draft.tiers.filter((_, i) => i !== index) })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>
                <Text size="sm">Above every tier</Text>
              </Table.Td>
              {type.enable_fixed_amount && (
                <Table.Td>
                  <TextInput
                    aria-label="Fixed amount above every tier"
                    inputMode="decimal"
                    value={draft.fixed_amount}
                    disabled={disabled}
                    onChange={(e) => change({ ...draft, fixed_amount: e.currentTarget.value })}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <TextInput
                  aria-label={`${type.rate_header} above every tier`}
                  inputMode="decimal"
                  value={draft.rate}
                  disabled={disabled}
                  onChange={(e) => change({ ...draft, rate: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" align="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled}
          onClick={() =>
            change({
              ...draft,
              tiers: [...draft.tiers, { for_up_to: '', fixed_amount: '', rate: '' }],
            })
          }
        >
          Add tier
        </Button>
        {type.enable_min_measure && (
          <TextInput
            label={`Minimum (${type.min_measure_unit})`}
            inputMode="decimal"
            w={160}
            value={draft.min_measure}
            disabled={disabled}
            onChange={(e) => change({ ...draft, min_measure: e.currentTarget.value })}
          />
        )}
      </Group>
    </Stack>
  );
}
