import type { MaterialInputTypeKey, RateSet, RateSetPrice } from '@fieldwork/contract';
import { MATERIAL_INPUT_TYPE_KEYS, MATERIAL_INPUT_TYPES } from '@fieldwork/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import { amountText, inputTypeName, parseAmount, useSaveRateSet } from './materials-api';

interface TierDraft {
  for_up_to: string;
  fixed_amount: string;
  rate: string;
}
interface PriceDraft {
  tiers: TierDraft[];
  rate: string;
  fixed_amount: string;
  min_measure: string;
}

const emptyDraft = (): PriceDraft => ({ tiers: [], rate: '', fixed_amount: '', min_measure: '' });
const draftOf = (price: RateSetPrice | undefined): PriceDraft =>
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

/** A draft as the API's price, or the first problem with it. */
function priceOf(key: MaterialInputTypeKey, draft: PriceDraft): RateSetPrice | string | null {
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
  return { input_type_key: key, tiers, rate, fixed_amount: fixed, min_measure: min };
}

/** A rate set's prices per input type, each with the type's own headers and units. */
export function RateSetEditor({ set, onClose }: { set: RateSet | null; onClose: () => void }) {
  return (
    <FormDialog
      opened={set !== null}
      onClose={onClose}
      title={set ? `Rates: ${set.name}` : ''}
      size="xl"
    >
      {set && <EditorBody key={set.id} set={set} onDone={onClose} />}
    </FormDialog>
  );
}

function EditorBody({ set, onDone }: { set: RateSet; onDone: () => void }) {
  const save = useSaveRateSet();
  const [name, setName] = useState(set.name);
  const [description, setDescription] = useState(set.description ?? '');
  const [drafts, setDrafts] = useState<Record<string, PriceDraft>>(() =>
    Object.fromEntries(
      MATERIAL_INPUT_TYPE_KEYS.map((key) => [
        key,
        draftOf(set.prices.find((p) => p.input_type_key === key)),
      ]),
    ),
  );
  const [typeKey, setTypeKey] = useState<MaterialInputTypeKey>(
    set.prices[0]?.input_type_key ?? 'SQUARE_METRES',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const type = MATERIAL_INPUT_TYPES[typeKey];
  const draft = drafts[typeKey] ?? emptyDraft();
  const change = (next: PriceDraft) => setDrafts((all) => ({ ...all, [typeKey]: next }));
  const setTier = (index: number, part: Partial<TierDraft>) =>
    change({
      ...draft,
      tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...part } : tier)),
    });
  const locked = set.locked;

  const submit = () => {
    const prices: RateSetPrice[] = [];
    for (const key of MATERIAL_INPUT_TYPE_KEYS) {
      const price = priceOf(key, drafts[key] ?? emptyDraft());
      if (typeof price === 'string') return setProblem(price);
      if (price) prices.push(price);
    }
    setProblem(null);
    save.mutate(
      { id: set.id, input: { name, description: description || null, prices } },
      {
        onSuccess: () => {
          notifySuccess(`${name} saved`);
          onDone();
        },
        onError: (error) => notifyFailure('Could not save the rates', error),
      },
    );
  };

  return (
    <Stack>
      {locked && (
        <Alert icon={<IconLock size={16} />} color="yellow" title="Locked">
          This rate set is locked: unlock it to change its prices.
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput
          label="Name"
          value={name}
          disabled={locked}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          value={description}
          disabled={locked}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      </Group>
      <Select
        label="Input type"
        data={MATERIAL_INPUT_TYPE_KEYS.map((key) => ({
          value: key,
          label: `${inputTypeName(key)}${priceOf(key, drafts[key] ?? emptyDraft()) ? ' (priced)' : ''}`,
        }))}
        value={typeKey}
        allowDeselect={false}
        onChange={(value) => value && setTypeKey(value)}
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm" c="dimmed">
        Tiers by {type.for_up_to_header.toLowerCase()} ({type.for_up_to_unit}); the rate is charged
        per {type.min_measure_unit === 'items' ? 'item' : type.min_measure_unit}.
      </Text>
      <Table.ScrollContainer minWidth={420}>
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
                    disabled={locked}
                    onChange={(e) => setTier(index, { for_up_to: e.currentTarget.value })}
                  />
                </Table.Td>
                {type.enable_fixed_amount && (
                  <Table.Td>
                    <TextInput
                      aria-label={`Fixed amount ${index + 1}`}
                      inputMode="decimal"
                      value={tier.fixed_amount}
                      disabled={locked}
                      onChange={(e) => setTier(index, { fixed_amount: e.currentTarget.value })}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <TextInput
                    aria-label={`${type.rate_header} ${index + 1}`}
                    inputMode="decimal"
                    value={tier.rate}
                    disabled={locked}
                    onChange={(e) => setTier(index, { rate: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove tier ${index + 1}`}
                    disabled={locked}
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
                    disabled={locked}
                    onChange={(e) => change({ ...draft, fixed_amount: e.currentTarget.value })}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <TextInput
                  aria-label={`${type.rate_header} above every tier`}
                  inputMode="decimal"
                  value={draft.rate}
                  disabled={locked}
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
          disabled={locked}
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
            disabled={locked}
            onChange={(e) => change({ ...draft, min_measure: e.currentTarget.value })}
          />
        )}
      </Group>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} disabled={locked} onClick={submit}>
          Save rates
        </Button>
      </Group>
    </Stack>
  );
}
