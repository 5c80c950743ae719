import type { MaterialInputTypeKey, RateSet, RateSetPrice } from '@fieldwork/contract';
import { MATERIAL_INPUT_TYPE_KEYS } from '@fieldwork/contract';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import { inputTypeName, useSaveRateSet } from './materials-api';
import { PricingFields, draftOf, emptyDraft, pricingOf, type PriceDraft } from './pricing-fields';

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
  const draft = drafts[typeKey] ?? emptyDraft();
  const change = (next: PriceDraft) => setDrafts((all) => ({ ...all, [typeKey]: next }));
  const locked = set.locked;

  const submit = () => {
    const prices: RateSetPrice[] = [];
    for (const key of MATERIAL_INPUT_TYPE_KEYS) {
      const price = pricingOf(key, drafts[key] ?? emptyDraft());
      if (typeof price === 'string') return setProblem(price);
      if (price) prices.push({ input_type_key: key, ...price });
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
          label: `${inputTypeName(key)}${pricingOf(key, drafts[key] ?? emptyDraft()) ? ' (priced)' : ''}`,
        }))}
        value={typeKey}
        allowDeselect={false}
        onChange={(value) => value && setTypeKey(value)}
        comboboxProps={{ withinPortal: true }}
      />
      <PricingFields typeKey={typeKey} draft={draft} onChange={change} disabled={locked} />
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
