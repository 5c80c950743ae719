import type { FormRecord, JobSheet } from '@fieldwork/contract';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSend } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../session/use-session';
import { notifySuccess } from '../../ui/feedback/notify';
import {
  FieldInput,
  ScoreSoFar,
  clampStep,
  fieldsById,
  shownFields,
  startingAnswers,
  stepState,
} from '../form-fields';
import { LocationStatusModal } from './LocationStatusModal';
import { SaveIndicator } from './SaveIndicator';
import { SheetMaterials } from './SheetMaterials';
import { SheetPhotoField } from './SheetPhotoField';
import { SheetSteps } from './SheetSteps';
import { patchJobSheet, useJobSheetAction, validateJobSheet } from './job-sheets-api';
import { answersOf } from './sheet-answers';
import { clientFieldErrors, errorsOfSection, serverFieldErrors } from './sheet-validation';
import { useLocationStatusChoice } from './use-location-status-choice';
import { useSheetAutosave } from './use-sheet-autosave';
import { useLeaveGuard } from '../../ui/forms/use-leave-guard';

/**
 * The sheet an operative fills in: the form's sections as steps, every answer saved as they go,
 * messages beside the fields, and on the last step the declaration and Submit.
 */
export function JobSheetForm({
  sheet,
  form,
  onSubmitted,
}: {
  sheet: JobSheet;
  form: FormRecord;
  onSubmitted: () => void;
}) {
  const { user } = useSession();
  const sections = form.sections;
  const types = useMemo(
    () => new Map(sections.flatMap((s) => s.fields).map((field) => [field.id, field.type])),
    [sections],
  );
  const byId = useMemo(() => fieldsById(sections), [sections]);
  const valuesByField = useMemo(
    () => new Map(sheet.field_values.map((value) => [value.form_field_id, value])),
    [sheet.field_values],
  );
  const [initial] = useState(() => answersOf(sheet.field_values));
  const [starting] = useState(() => startingAnswers(sections, initial, {}));
  const autosave = useSheetAutosave(sheet, types, initial, starting);
  // Answers are kept in the browser as they are typed; leaving asks only when the server refused
  // them (they would stay on this device only).
  useLeaveGuard(autosave.status === 'error', 'the answers not saved yet');
  const { answers, change } = autosave;

  const [params, setParams] = useSearchParams();
  const step = clampStep(Number(params.get('step') ?? 0), sections.length);
  const goTo = (next: number) => {
    setParams(
      (current) => {
        current.set('step', String(clampStep(next, sections.length)));
        return current;
      },
      { replace: true },
    );
    window.scrollTo({ top: 0 });
  };

  const [photoCounts, setPhotoCounts] = useState<Record<string, number>>({});
  const countPhotos = useCallback(
    (fieldId: string, count: number) =>
      setPhotoCounts((current) =>
        current[fieldId] === count ? current : { ...current, [fieldId]: count },
      ),
    [],
  );
  // Messages show for the steps the operative tried to leave, and everywhere after a submit.
  const [checkedSteps, setCheckedSteps] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clientErrors = clientFieldErrors(sections, answers, photoCounts);
  const shownErrors: Record<string, string> = {};
  sections.forEach((section, index) => {
    if (!checkedSteps.has(index)) return;
    Object.assign(shownErrors, errorsOfSection(section, { ...serverErrors, ...clientErrors }));
  });
  const state = stepState(sections, step, shownErrors);
  const section = sections[state.current];

  const [declared, setDeclared] = useState(sheet.operative_declaration_accepted_at !== null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submit = useJobSheetAction(sheet.id);
  const statusChoice = useLocationStatusChoice(sheet);
  const [choosingStatus, setChoosingStatus] = useState(false);

  const next = () => {
    setCheckedSteps((current) => new Set(current).add(state.current));
    if (section && Object.keys(errorsOfSection(section, clientErrors)).length > 0) return;
    goTo(state.current + 1);
  };
  const send = async () => {
    setCheckedSteps(new Set(sections.map((_, index) => index)));
    setSubmitError(null);
    if (form.operative_declaration_required && !declared) {
      setSubmitError('Accept the declaration to submit.');
      return;
    }
    try {
      await autosave.flush();
      // The declaration is part of the sheet: recorded before the check, so validate sees it.
      if (form.operative_declaration_required && sheet.operative_declaration_accepted_at === null)
        await patchJobSheet(sheet.id, { operative_declaration_accepted: true });
      const validation = await validateJobSheet(sheet.id);
      const found = serverFieldErrors(validation);
      setServerErrors(found);
      const firstWithError = sections.findIndex(
        (candidate) =>
          Object.keys(errorsOfSection(candidate, { ...found, ...clientErrors })).length > 0,
      );
      if (firstWithError >= 0) {
        goTo(firstWithError);
        return;
      }
      if (!validation.valid) {
        setSubmitError(found[''] ?? 'The sheet cannot be submitted yet.');
        return;
      }
      if (statusChoice.ask) setChoosingStatus(true);
      else await finish();
    } catch (failure) {
      setSubmitError(errorMessage(failure));
    }
  };
  /** submit, or update_and_submit with the location's new status when the form asks for it. */
  const finish = async (locationStatus?: { id: string | null }) => {
    const declaration = form.operative_declaration_required
      ? { operative_declaration_accepted: true }
      : {};
    await submit.mutateAsync(
      locationStatus
        ? {
            action: 'update_and_submit',
            body: { ...declaration, location_status_id: locationStatus.id },
          }
        : { action: 'submit', body: declaration },
    );
    notifySuccess('Job sheet submitted');
    onSubmitted();
  };
  const submitWithStatus = (id: string | null) =>
    finish({ id }).catch((failure: unknown) => {
      setChoosingStatus(false);
      setSubmitError(errorMessage(failure));
    });

  return (
    <Stack gap="md" pb={80}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Title order={1} size="h3">
            {form.name}
          </Title>
          <Text size="sm" c="dimmed">
            Sheet {sheet.number} · Job {sheet.job_number}
          </Text>
          <ScoreSoFar sections={sections} answers={answers} />
        </Stack>
        <SaveIndicator status={autosave.status} error={autosave.error} />
      </Group>
      {sections.length > 1 && <SheetSteps sections={sections} state={state} onStep={goTo} />}
      {section ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="lg">
            <Title order={2} size="h4">
              {section.name}
            </Title>
            {shownFields(section, byId, answers).map((field) => (
              <FieldInput
                key={field.id}
                field={field}
                value={answers[field.id]}
                onChange={(value) => change(field.id, value)}
                error={shownErrors[field.id]}
                signerName={user?.name ?? ''}
                renderPhotos={(photoField, error) => (
                  <SheetPhotoField
                    sheetId={sheet.id}
                    field={photoField}
                    value={valuesByField.get(photoField.id)}
                    error={error}
                    disabled={false}
                    onCount={countPhotos}
                  />
                )}
              />
            ))}
            {state.isLast && form.operative_declaration_required && (
              <Checkbox
                label={form.operative_declaration_text ?? 'I confirm this job sheet is correct.'}
                checked={declared}
                onChange={(event) => setDeclared(event.currentTarget.checked)}
              />
            )}
          </Stack>
        </Paper>
      ) : (
        <Alert color="gray">This form has no questions.</Alert>
      )}
      {state.isLast && <SheetMaterials sheet={sheet} />}
      {submitError && (
        <Alert color="red" role="alert" title="Not submitted">
          {submitError}
        </Alert>
      )}
      <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 5 }} shadow="sm">
        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={state.isFirst}
            onClick={() => goTo(state.current - 1)}
          >
            Back
          </Button>
          {state.isLast ? (
            <Button
              leftSection={<IconSend size={16} />}
              loading={submit.isPending || autosave.status === 'saving'}
              onClick={() => void send()}
            >
              Submit
            </Button>
          ) : (
            <Button rightSection={<IconChevronRight size={16} />} onClick={next}>
              Next
            </Button>
          )}
        </Group>
      </Paper>
      <LocationStatusModal
        opened={choosingStatus}
        statuses={statusChoice.statuses}
        suggested={statusChoice.suggested}
        pending={submit.isPending}
        onSubmit={(id) => void submitWithStatus(id)}
        onClose={() => setChoosingStatus(false)}
      />
    </Stack>
  );
}
