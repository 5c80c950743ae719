import type { FormFieldType, JobSheet } from '@fieldwork/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import type { FieldAnswers } from '../form-fields';
import { useSession } from '../../session/use-session';
import { patchJobSheet, sheetKey } from './job-sheets-api';
import { changedFieldValues } from './sheet-answers';
import { clearDraft, readDraft, writeDraft } from './sheet-draft';

export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'error';

/**
 * Save as you go: every change is kept in the browser at once (a reload or a lost connection
 * loses nothing) and sent as a PATCH of the changed answers once typing pauses. `flush` sends
 * what is pending now (before submitting).
 */
export function useSheetAutosave(
  sheet: JobSheet,
  types: Map<string, FormFieldType>,
  initial: FieldAnswers,
  /** What the screen starts with: the saved answers plus defaults (e.g. dates of now). */
  starting: FieldAnswers = initial,
) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  const saved = useRef<FieldAnswers>(initial);
  const [answers, setAnswers] = useState<FieldAnswers>(() => ({
    ...starting,
    ...readDraft(sheet.id),
  }));
  const latest = useRef(answers);
  latest.current = answers;
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  const save = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current;
    const current = latest.current;
    const changes = changedFieldValues(types, saved.current, current);
    if (changes.length === 0) {
      setStatus('saved');
      clearDraft(sheet.id);
      return;
    }
    setStatus('saving');
    const run = patchJobSheet(sheet.id, { field_values: changes }).then(
      (updated) => {
        saved.current = current;
        queryClient.setQueryData(sheetKey(organisationId, sheet.id), (previous?: JobSheet) =>
          previous ? { ...updated, job: previous.job, form: previous.form } : updated,
        );
        const unchangedSince = latest.current === current;
        setStatus(unchangedSince ? 'saved' : 'unsaved');
        setError(null);
        if (unchangedSince) clearDraft(sheet.id);
      },
      (failure: unknown) => {
        setStatus('error');
        setError(errorMessage(failure));
        throw failure;
      },
    );
    inFlight.current = run.finally(() => {
      inFlight.current = null;
    });
    await run;
  }, [queryClient, organisationId, sheet.id, types]);

  const change = useCallback(
    (fieldId: string, value: unknown) => {
      setAnswers((current) => {
        const next = { ...current, [fieldId]: value };
        writeDraft(sheet.id, next);
        return next;
      });
      setStatus('unsaved');
    },
    [sheet.id],
  );

  // Debounced: each change restarts the wait.
  useEffect(() => {
    if (status !== 'unsaved') return;
    const timer = setTimeout(() => void save().catch(() => undefined), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answers, status, save]);

  // Defaults, and changes restored from the browser (a reload before they were sent), go to the
  // server now.
  useEffect(() => {
    if (changedFieldValues(types, saved.current, latest.current).length > 0) setStatus('unsaved');
  }, [types]);

  return { answers, change, status, error, flush: save };
}
