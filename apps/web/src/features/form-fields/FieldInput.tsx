import { Checkbox, NumberInput, Radio, Stack, Group, Textarea, TextInput } from '@mantine/core';
import { TEXT_ANSWER_MAX } from '@fieldwork/contract';
import { useState, type ReactNode } from 'react';
import { InstructionText, PassFailInput, TableInput } from './InspectionInputs';
import { SignaturePad } from './SignaturePad';
import { isSignature, liveOptions, type RenderableField } from './field-logic';

export interface FieldInputProps {
  field: RenderableField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The message beside the field (the client's check or the server's validate answer). */
  error?: string | undefined;
  /** Who signs a signature field. */
  signerName: string;
  /** A photo field's photos: uploads belong to the screen (the preview keeps them local). */
  renderPhotos: (field: RenderableField, error: string | undefined) => ReactNode;
  disabled?: boolean | undefined;
}

/**
 * One form field as an operative answers it, for every field type: the form builder's preview
 * and the job sheet screen both render fields through this.
 */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  signerName,
  renderPhotos,
  disabled,
}: FieldInputProps) {
  const label = field.name || 'Untitled question';
  const testId = `field-${field.id}`;
  const common = {
    label,
    required: field.required ?? false,
    error,
    disabled,
    'data-testid': testId,
  };
  const text = typeof value === 'string' ? value : '';
  const description = field.description || undefined;
  switch (field.type) {
    case 'TEXT':
      return (
        <TextAnswer
          common={common}
          large={field.large_text ?? false}
          text={text}
          onChange={onChange}
          help={description}
        />
      );
    case 'NUMBER':
      return (
        <NumberInput
          {...common}
          description={description}
          inputMode="decimal"
          decimalScale={field.precision ?? 0}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          description={description}
          type={field.capture_time ? 'datetime-local' : 'date'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'SELECT':
      return (
        <Radio.Group
          {...common}
          description={description}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
        >
          <Stack gap={6} mt={4}>
            {liveOptions(field).map((option) => (
              <Radio key={option.id} value={option.id} label={option.name} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTI_SELECT':
      return (
        <Checkbox.Group
          {...common}
          description={description}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        >
          <Stack gap={6} mt={4}>
            {liveOptions(field).map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.name} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'BOOLEAN':
      // Yes / no, with "not answered yet" distinct from no (a conditional may test either).
      return (
        <Radio.Group
          {...common}
          description={description}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(next) => onChange(next === 'yes')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="yes" label="Yes" disabled={disabled} />
            <Radio value="no" label="No" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'SIGNATURE':
      return (
        <SignaturePad
          label={label}
          required={field.required}
          error={error}
          signerName={signerName}
          value={isSignature(value) ? value : null}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'PHOTO':
      return renderPhotos(field, error);
    case 'TIME':
      return (
        <TextInput
          {...common}
          description={description}
          type="time"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'INSTRUCTION':
      return <InstructionText field={field} />;
    case 'PASS_FAIL':
      return (
        <PassFailInput
          common={common}
          description={description}
          value={value}
          onChange={onChange}
        />
      );
    case 'TABLE':
      return (
        <TableInput
          common={common}
          field={field}
          description={description}
          value={value}
          onChange={onChange}
        />
      );
  }
}

const LIMIT = TEXT_ANSWER_MAX.toLocaleString('en-GB');

/**
 * A text answer, limited to what a sheet keeps: typing or pasting past the limit keeps the first
 * TEXT_ANSWER_MAX characters and says so at once; near the limit, what is left is counted.
 */
function TextAnswer({
  common,
  large,
  text,
  onChange,
  help,
}: {
  common: {
    label: string;
    required: boolean;
    error: string | undefined;
    disabled: boolean | undefined;
  };
  large: boolean;
  text: string;
  onChange: (value: unknown) => void;
  help?: string | undefined;
}) {
  const [cut, setCut] = useState(false);
  const change = (next: string) => {
    setCut(next.length > TEXT_ANSWER_MAX);
    onChange(next.slice(0, TEXT_ANSWER_MAX));
  };
  const left = TEXT_ANSWER_MAX - text.length;
  const props = {
    ...common,
    value: text,
    error: cut ? `At most ${LIMIT} characters: the rest was not kept.` : common.error,
    description:
      left <= TEXT_ANSWER_MAX / 10
        ? `${left.toLocaleString('en-GB')} of ${LIMIT} characters left`
        : help,
  };
  return large ? (
    <Textarea
      {...props}
      autosize
      minRows={3}
      maxRows={16}
      onChange={(event) => change(event.currentTarget.value)}
    />
  ) : (
    <TextInput {...props} onChange={(event) => change(event.currentTarget.value)} />
  );
}
