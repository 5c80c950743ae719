import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { ValidationFailureError, errorMessage } from '../../api/errors';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import { ModalForm } from '../../ui/forms/ModalForm';
import type { EditTarget } from '../../ui/forms/RecordFormModal';
import { fieldErrorsFor } from '../../ui/forms/server-errors';
import { AttributeInputs } from '../../ui/inputs/AttributeInputs';
import {
  attributeValuesInput,
  draftsOf,
  splitAttributeErrors,
  type AttributeDrafts,
} from '../../ui/inputs/attribute-drafts';
import { amountText, parseAmount } from '../materials';
import { useConfigList, usePickerOptions } from '../projects';
import { AmountInput } from './AmountInput';
import { PriceItemsEditor } from './PriceItemsEditor';
import {
  pricedLabel,
  useSavePriced,
  type PricedInput,
  type PricedKind,
  type PricedRecord,
} from './priced-api';
import { itemDraftsOf, itemsInput, type PriceItemDraft } from './price-items';

const FIELDS = ['code', 'name', 'price', 'material_ids'] as const;
type Field = (typeof FIELDS)[number];

/** "New zone" or "Edit zone" (or a specification): the form in a dialog, whole-screen on a phone. */
export function PricedFormModal({
  kind,
  projectId,
  target,
  onClose,
}: {
  kind: PricedKind;
  projectId: string;
  target: EditTarget<PricedRecord>;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const record = target?.mode === 'edit' ? target.record : undefined;
  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={`${record ? 'Edit' : 'New'} ${kind.noun}`}
      size="xl"
      fullScreen={phone}
    >
      <PricedForm
        key={record?.id ?? 'new'}
        kind={kind}
        projectId={projectId}
        record={record}
        onDone={onClose}
      />
    </FormDialog>
  );
}

/** Splits a 422 onto the form: its fields, each attribute, each price item's cell, the rest. */
function refusal(error: unknown, attributeAt: readonly string[]) {
  if (!(error instanceof ValidationFailureError))
    return { fields: {}, attributes: {}, items: {}, form: errorMessage(error) };
  const { byAttribute, rest } = splitAttributeErrors(error.errors, attributeAt);
  const items: Record<string, string> = {};
  const others = rest.filter((item) => {
    const match = /^price_items\.(\d+)\.(description|quantity|price)$/.exec(item.field);
    if (match) items[`${match[1]}.${match[2]}`] ??= item.message;
    return !match;
  });
  const named = Object.keys(byAttribute).length + Object.keys(items).length > 0;
  const { fieldErrors, formError } = fieldErrorsFor(others, FIELDS, error.message);
  return {
    fields: fieldErrors,
    attributes: byAttribute,
    items,
    form: named && !others.length ? null : formError,
  };
}

function PricedForm({
  kind,
  projectId,
  record,
  onDone,
}: {
  kind: PricedKind;
  projectId: string;
  record: PricedRecord | undefined;
  onDone: () => void;
}) {
  const save = useSavePriced(kind);
  const materials = usePickerOptions('materials');
  const attributeList = useConfigList(
    { kind: 'project', id: projectId },
    'specification_attributes',
  );
  const attributes = attributeList.data ?? [];
  const [code, setCode] = useState(record?.code ?? '');
  const [name, setName] = useState(record?.name ?? '');
  const [price, setPrice] = useState(amountText(record?.price ?? 0));
  const [materialIds, setMaterialIds] = useState(record?.materials.map((m) => m.id) ?? []);
  const [drafts, setDrafts] = useState<AttributeDrafts | null>(null);
  const [items, setItems] = useState<PriceItemDraft[]>(itemDraftsOf(record?.price_items ?? []));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attributeErrors, setAttributeErrors] = useState<Record<string, string>>({});
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const currentDrafts = drafts ?? draftsOf(attributes, record?.attribute_values ?? []);
  // A material of the record no longer offered (archived) stays chosen, by its name.
  const materialData = [
    ...(materials.data ?? []),
    ...(record?.materials ?? [])
      .filter((material) => !materials.data?.some((option) => option.value === material.id))
      .map((material) => ({ value: material.id, label: material.name })),
  ];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = parseAmount(price);
    const lines = itemsInput(items);
    const local: Partial<Record<Field, string>> = {
      ...(!name.trim() && { name: 'Required' }),
      ...(amount === null && { price: 'An amount, e.g. 125.00' }),
    };
    setErrors(local);
    setItemErrors(lines.errors);
    setAttributeErrors({});
    setFormError(null);
    if (amount === null || Object.keys(local).length || Object.keys(lines.errors).length) return;
    const { values, attributeAt } = attributeValuesInput(attributes, currentDrafts);
    const input: PricedInput = {
      ...(!record && { project_id: projectId }),
      code: code.trim() || null,
      name: name.trim(),
      price: amount,
      material_ids: materialIds,
      attribute_values: values,
      price_items: lines.items,
    };
    save.mutate(
      { id: record?.id, input },
      {
        onSuccess: (saved) => {
          notifySuccess(`${pricedLabel(saved)} ${record ? 'saved' : 'created'}`);
          onDone();
        },
        onError: (error) => {
          const shown = refusal(error, attributeAt);
          setErrors(shown.fields);
          setAttributeErrors(shown.attributes);
          setItemErrors(shown.items);
          setFormError(shown.form);
        },
      },
    );
  };

  return (
    <ModalForm
      onSubmit={submit}
      formError={formError}
      submitLabel={record ? 'Save' : `Create ${kind.noun}`}
      pending={save.isPending}
      onCancel={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Code"
          placeholder="e.g. Z1"
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <TextInput
          label="Name"
          required
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <AmountInput
          label="Price"
          value={price}
          error={errors.price}
          onChange={(event) => setPrice(event.currentTarget.value)}
        />
      </SimpleGrid>
      <MultiSelect
        label="Materials"
        placeholder={materialIds.length ? undefined : 'No materials'}
        data={materialData}
        searchable
        nothingFoundMessage="No material matches"
        value={materialIds}
        error={errors.material_ids}
        onChange={setMaterialIds}
        comboboxProps={{ withinPortal: true }}
      />
      <AttributeInputs
        title="Specification attributes"
        attributes={attributes}
        drafts={currentDrafts}
        errors={attributeErrors}
        onChange={(id, draft) => setDrafts({ ...currentDrafts, [id]: draft })}
      />
      <PriceItemsEditor items={items} errors={itemErrors} onChange={setItems} />
    </ModalForm>
  );
}
