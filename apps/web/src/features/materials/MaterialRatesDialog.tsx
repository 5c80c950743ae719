import type { Material, MaterialRateEntry, Pricing, RateSet } from '@fieldwork/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import {
  inputTypeName,
  materialCount,
  useCopyMaterialRates,
  useMaterialList,
  useMaterialRates,
  useRateGroups,
  useRateSets,
  useSetMaterialRates,
} from './materials-api';
import { PricingFields, draftOf, pricingOf, type PriceDraft } from './pricing-fields';

interface EntryDraft {
  useCustom: boolean;
  draft: PriceDraft;
}

/**
 * A material's prices in each rate set (`/materials/{id}/rates`): the set's prices for its input
 * type, or prices of its own (tiers, rate, fixed amount, minimum), rate set by rate set; and the
 * same entries copied onto other materials of its input type.
 */
export function MaterialRatesDialog({
  material,
  onClose,
}: {
  material: Material | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={material !== null}
      onClose={onClose}
      title={material ? `Prices of ${material.name}` : ''}
      size="xl"
    >
      {material && <RatesBody key={material.id} material={material} onDone={onClose} />}
    </FormDialog>
  );
}

function RatesBody({ material, onDone }: { material: Material; onDone: () => void }) {
  const entries = useMaterialRates(material.id);
  const sets = useRateSets();
  const groups = useRateGroups();
  if (!entries.data || !sets.data || !groups.data)
    return entries.isError || sets.isError || groups.isError ? (
      <Alert color="red" title="Could not load the prices">
        {errorMessage(entries.error ?? sets.error ?? groups.error)}
      </Alert>
    ) : (
      <Loader role="status" aria-label="Loading the prices" />
    );
  return (
    <RatesForm
      material={material}
      entries={entries.data}
      sets={sets.data.filter((set) => set.material_rate_group_id && !set.archived_at)}
      groupName={(id) => groups.data.find((group) => group.id === id)?.name ?? ''}
      onDone={onDone}
    />
  );
}

function RatesForm({
  material,
  entries,
  sets,
  groupName,
  onDone,
}: {
  material: Material;
  entries: MaterialRateEntry[];
  sets: RateSet[];
  groupName: (id: string | null) => string;
  onDone: () => void;
}) {
  const save = useSetMaterialRates();
  const [drafts, setDrafts] = useState<Record<string, EntryDraft>>(() =>
    Object.fromEntries(
      sets.map((set) => {
        const entry = entries.find((item) => item.material_rate_set_id === set.id);
        return [set.id, { useCustom: entry?.use_custom ?? false, draft: draftOf(entry?.custom) }];
      }),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const change = (setId: string, next: Partial<EntryDraft>) =>
    setDrafts((all) => ({ ...all, [setId]: { ...all[setId]!, ...next } }));

  const submit = () => {
    const rates = [];
    for (const set of sets) {
      const current = entries.find((item) => item.material_rate_set_id === set.id);
      // A locked set's entry goes back as it was (the server refuses any change to it).
      if (set.locked) {
        if (current)
          rates.push({
            material_rate_set_id: set.id,
            use_custom: current.use_custom,
            custom: current.custom,
          });
        continue;
      }
      const { useCustom, draft } = drafts[set.id]!;
      if (!useCustom) continue;
      const pricing: Pricing | string | null = pricingOf(material.input_type_key, draft);
      if (typeof pricing === 'string') return setProblem(`${set.name}: ${pricing}`);
      if (!pricing) return setProblem(`${set.name}: give its own prices, or use the set's.`);
      rates.push({ material_rate_set_id: set.id, use_custom: true, custom: pricing });
    }
    setProblem(null);
    save.mutate(
      { id: material.id, rates },
      {
        onSuccess: () => {
          notifySuccess(`Prices of ${material.name} saved`);
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {material.name} is measured as {inputTypeName(material.input_type_key).toLowerCase()}. In
        each rate set it is priced by the set’s prices for that input type, unless you give it
        prices of its own here.
      </Text>
      {sets.length === 0 && <Text size="sm">No rate sets yet: add them under Rate sets.</Text>}
      {sets.map((set) => {
        const entry = drafts[set.id]!;
        return (
          <Card key={set.id} withBorder component="section" aria-label={set.name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Title order={3} size="h5">
                    {set.name}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {groupName(set.material_rate_group_id)}
                  </Text>
                </div>
                {set.locked ? (
                  <Badge
                    variant="light"
                    color="yellow"
                    tt="none"
                    leftSection={<IconLock size={12} />}
                  >
                    Locked
                  </Badge>
                ) : (
                  <Switch
                    label="Own prices"
                    checked={entry.useCustom}
                    onChange={(event) => change(set.id, { useCustom: event.currentTarget.checked })}
                  />
                )}
              </Group>
              {entry.useCustom ? (
                <PricingFields
                  typeKey={material.input_type_key}
                  draft={entry.draft}
                  onChange={(draft) => change(set.id, { draft })}
                  disabled={set.locked}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  The set’s prices for {inputTypeName(material.input_type_key).toLowerCase()}.
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <CopyRates material={material} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={submit}>
          Save prices
        </Button>
      </Group>
    </Stack>
  );
}

/** The saved entries onto other materials of the same input type (each said copied or why not). */
function CopyRates({ material }: { material: Material }) {
  const copy = useCopyMaterialRates();
  const [targets, setTargets] = useState<string[]>([]);
  const others = useMaterialList({
    filter: { input_type_key: material.input_type_key },
    sort: 'name',
    page: { number: 1, size: 200 },
  });
  const choices = (others.data?.data ?? [])
    .filter((other) => other.id !== material.id && !other.archived_at)
    .map((other) => ({ value: other.id, label: other.name }));
  if (!choices.length) return null;
  return (
    <Group align="flex-end" wrap="wrap">
      <MultiSelect
        label="Copy the saved prices to"
        placeholder="Materials of the same input type"
        data={choices}
        value={targets}
        onChange={setTargets}
        searchable
        flex="1 1 260px"
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        variant="default"
        leftSection={<IconCopy size={16} />}
        disabled={!targets.length}
        loading={copy.isPending}
        onClick={() =>
          copy.mutate(
            { id: material.id, materialIds: targets },
            {
              onSuccess: (answer) => {
                if (answer.copied.length)
                  notifySuccess(`Prices copied to ${materialCount(answer.copied.length)}`);
                for (const failure of answer.failed)
                  notifyFailure(
                    `Not copied to ${choices.find((c) => c.value === failure.id)?.label ?? 'one material'}`,
                    new Error(failure.reason),
                  );
                setTargets([]);
              },
              onError: (error) => notifyFailure('Could not copy the prices', error),
            },
          )
        }
      >
        Copy
      </Button>
    </Group>
  );
}
