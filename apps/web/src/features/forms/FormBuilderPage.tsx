import {
  Alert,
  Anchor,
  Badge,
  Button,
  Fieldset,
  Grid,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
  ActionIcon,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES } from '@fieldwork/contract';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ValidationFailureError } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { libraryPath } from '../../app/library-paths';
import { SortableList } from '../../ui/sortable/SortableList';
import { useLeaveGuard } from '../../ui/forms/use-leave-guard';
import {
  blankBuilderValues,
  newBuilderId,
  newField,
  toBuilderValues,
  validateBuilder,
  type BuilderValues,
} from './builder-state';
import { FieldSettings } from './FieldSettings';
import { FormPreview } from './FormPreview';
import { formPath, NEW_FORM } from './form-paths';
import { useCreateWholeForm, useFormRecord, useSaveWholeForm } from './forms-api';

/**
 * library/forms/{formId}: the form builder. library/forms/new builds a form that does not exist
 * yet: it is created by its first save, so "New form" then Back leaves nothing behind.
 */
export function FormBuilderPage() {
  const { formId = '' } = useParams();
  const isNew = formId === NEW_FORM;
  const record = useFormRecord(formId, !isNew);
  // The builder that created the form carries on at its new address (no remount, nothing lost).
  const continued = (useLocation().state as { builder?: string } | null)?.builder === NEW_FORM;
  if (isNew)
    return <FormBuilder key={NEW_FORM} formId={null} initial={blankBuilderValues()} canEdit />;
  if (record.isPending) return <PageLoader />;
  if (record.isError)
    return (
      <ErrorState
        title="The form did not load"
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  return (
    <FormBuilder
      key={continued ? NEW_FORM : record.data.id}
      formId={formId}
      initial={toBuilderValues(record.data)}
      // What the caller may do with the form comes with it (the server's policy).
      canEdit={record.data.permissions?.update === true}
    />
  );
}

function FormBuilder({
  formId,
  initial,
  canEdit,
}: {
  /** null: a new form, created on its first save. */
  formId: string | null;
  initial: BuilderValues;
  canEdit: boolean;
}) {
  const slug = useCurrentOrganisation().slug;
  const navigate = useNavigate();
  const save = useSaveWholeForm(formId ?? '');
  const create = useCreateWholeForm();
  const domId = useId();
  const form = useForm<BuilderValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateBuilder,
    // Someone who may not change the form reads it: every input shows its value, disabled.
    enhanceGetInputProps: () => (canEdit ? {} : { disabled: true }),
  });
  const [selected, setSelected] = useState<string | null>(null);
  const values = form.getValues();
  const guard = useLeaveGuard(canEdit && form.isDirty(), 'the changes to this form');

  const position = (() => {
    for (const [s, section] of values.sections.entries()) {
      const f = section.fields.findIndex((field) => field.id === selected);
      if (f >= 0) return { s, f };
    }
    return null;
  })();

  async function submit(body: BuilderValues) {
    try {
      const saved = formId ? await save.mutateAsync(body) : await create.mutateAsync(body);
      // The form as saved becomes what the builder shows and compares with ("Unsaved changes"
      // clears even where the server normalised a value).
      const now = toBuilderValues(saved);
      form.setInitialValues(now);
      form.setValues(now);
      form.resetDirty(now);
      notifySuccess('Form saved');
      if (!formId) {
        guard.allowNext();
        void navigate(formPath(slug, saved.id), { replace: true, state: { builder: NEW_FORM } });
      }
    } catch (error) {
      if (error instanceof ValidationFailureError)
        form.setErrors(Object.fromEntries(error.errors.map((item) => [item.field, item.message])));
      notifyFailure('The form was not saved', error);
    }
  }

  function addField(sectionIndex: number, type: (typeof FORM_FIELD_TYPES)[number]) {
    const field = newField(type, FORM_FIELD_TYPE_LABELS[type]);
    form.insertListItem(`sections.${sectionIndex}.fields`, field);
    setSelected(field.id);
  }

  // The builder's inputs are one <form>; the preview (with its own required fields) is outside it,
  // so saving never meets the browser's required-field check of the preview.
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={libraryPath(slug, 'forms')} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Forms
          </Group>
        </Anchor>
        {canEdit && (
          <Group gap="xs">
            {form.isDirty() && <Badge color="yellow">Unsaved changes</Badge>}
            <Button type="submit" form={domId} loading={save.isPending || create.isPending}>
              Save form
            </Button>
          </Group>
        )}
      </Group>
      {Object.keys(form.errors).length > 0 && (
        <Alert color="red" title="Check the form">
          {Object.values(form.errors)[0]}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form id={domId} noValidate onSubmit={form.onSubmit((body) => void submit(body))}>
            <Stack gap="md">
              <TextInput label="Form name" size="md" {...form.getInputProps('name')} />
              <FormSettings form={form} />
              <SortableList
                items={values.sections}
                nameOf={(section) => section.name || 'Untitled section'}
                disabled={!canEdit}
                onReorder={(ids) =>
                  form.setFieldValue(
                    'sections',
                    ids.map((id) => values.sections.find((section) => section.id === id)!),
                  )
                }
              >
                {(section) => {
                  const s = values.sections.findIndex((candidate) => candidate.id === section.id);
                  return (
                    <Stack gap="xs" py={4}>
                      <Group gap="xs" wrap="nowrap">
                        <TextInput
                          aria-label="Section name"
                          placeholder="Section name"
                          style={{ flex: 1 }}
                          {...form.getInputProps(`sections.${s}.name`)}
                        />
                        {canEdit && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete section ${section.name}`}
                            onClick={() => form.removeListItem('sections', s)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                      {section.fields.length > 0 && (
                        <SortableList
                          items={section.fields}
                          nameOf={(field) => field.name || 'Untitled question'}
                          disabled={!canEdit}
                          onReorder={(ids) =>
                            form.setFieldValue(
                              `sections.${s}.fields`,
                              ids.map((id) => section.fields.find((field) => field.id === id)!),
                            )
                          }
                        >
                          {(field) => (
                            <UnstyledButton
                              w="100%"
                              onClick={() => setSelected(field.id)}
                              aria-pressed={selected === field.id}
                              data-testid="builder-field"
                            >
                              {/* On a phone the name takes two lines before it is cut and the
                                  badges go under it, so a question stays readable. */}
                              <Group justify="space-between" wrap="wrap" gap={4}>
                                <Text
                                  size="sm"
                                  fw={selected === field.id ? 700 : 500}
                                  lineClamp={2}
                                  style={{ flex: '1 1 12rem', minWidth: 0 }}
                                >
                                  {field.name || 'Untitled question'}
                                  {field.required && ' *'}
                                </Text>
                                <Group gap={4} wrap="nowrap">
                                  {field.conditional && (
                                    <Badge size="xs" color="violet" variant="light" tt="none">
                                      Conditional
                                    </Badge>
                                  )}
                                  <Badge size="xs" variant="default" tt="none">
                                    {FORM_FIELD_TYPE_LABELS[field.type]}
                                  </Badge>
                                </Group>
                              </Group>
                            </UnstyledButton>
                          )}
                        </SortableList>
                      )}
                      {canEdit && (
                        <Menu position="bottom-start">
                          <Menu.Target>
                            <Button
                              variant="subtle"
                              size="xs"
                              leftSection={<IconPlus size={14} />}
                              w="fit-content"
                            >
                              Add field
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {FORM_FIELD_TYPES.map((type) => (
                              <Menu.Item key={type} onClick={() => addField(s, type)}>
                                {FORM_FIELD_TYPE_LABELS[type]}
                              </Menu.Item>
                            ))}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Stack>
                  );
                }}
              </SortableList>
              {canEdit && (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  w="fit-content"
                  onClick={() =>
                    form.insertListItem('sections', {
                      id: newBuilderId(),
                      name: `Section ${values.sections.length + 1}`,
                      fields: [],
                    })
                  }
                >
                  Add section
                </Button>
              )}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {position && (
              <Paper withBorder radius="md" p="md">
                {/* A native fieldset disables its pickers and option buttons too. */}
                <Fieldset variant="unstyled" disabled={!canEdit}>
                  <FieldSettings form={form} sectionIndex={position.s} fieldIndex={position.f} />
                </Fieldset>
                {canEdit && (
                  <Button
                    mt="md"
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => {
                      form.removeListItem(`sections.${position.s}.fields`, position.f);
                      setSelected(null);
                    }}
                  >
                    Delete field
                  </Button>
                )}
              </Paper>
            )}
            <FormPreview values={values} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function FormSettings({ form }: { form: UseFormReturnType<BuilderValues> }) {
  const check = (key: string, label: string) => (
    <Switch label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
  );
  const values = form.getValues();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Form settings
        </Text>
        {check('enforce_required_fields', 'Required fields must be answered to submit')}
        {check('approval_required', 'Job sheets need approval')}
        {check('qr_code_capture_enabled', 'Capture a QR code')}
        {values.qr_code_capture_enabled &&
          check('qr_code_capture_required', 'The QR code is required')}
        {check('confirm_location_status_on_submit', 'Confirm the location status on submit')}
        {check('operative_declaration_required', 'Operative signs a declaration')}
        {values.operative_declaration_required && (
          <Textarea
            label="Declaration"
            autosize
            {...form.getInputProps('operative_declaration_text')}
          />
        )}
      </Stack>
    </Paper>
  );
}
