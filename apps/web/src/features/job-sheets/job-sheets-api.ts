import type {
  BulkFailure,
  JobSheet,
  JobSheetCreate,
  JobSheetPhoto,
  JobSheetPhotoUpdate,
  JobSheetUpdate,
  JobSheetValidation,
  PhotoMarkupShape,
} from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceList } from '../../api/resource-hooks';
import { uploadWithProgress } from '../../api/upload';
import { useSession } from '../../session/use-session';
import type { PhotoUploader } from '../form-fields';
import { inboxKey } from './inbox-count';
import { uploadedPhotoOf } from './sheet-answers';

export const jobSheetsApi = resourceApi<JobSheet, JobSheetCreate>('job_sheets');

/** The sheet's job, and the form it fills in with its sections and fields (the project's copy). */
const SHEET_EXPAND = { expand: ['job', 'form'] } satisfies ListQuery;

export const useJobSheetList = (query: ListQuery) => useResourceList(jobSheetsApi, query);

export const sheetKey = (organisationId: string | null, id: string) =>
  [...resourceQueryKey(organisationId, 'job_sheets'), 'one', id] as const;

function useSheetKeys() {
  const { organisationId } = useSession();
  const all = resourceQueryKey(organisationId, 'job_sheets');
  return { all, one: (id: string) => sheetKey(organisationId, id), organisationId };
}

/** GET /job_sheets/{id}?expand[]=job&expand[]=form */
export function useJobSheet(id: string) {
  const keys = useSheetKeys();
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => jobSheetsApi.get(id, SHEET_EXPAND),
  });
}

/** PATCH /job_sheets/{id}: the answers changed since the last save. */
export function patchJobSheet(id: string, body: JobSheetUpdate) {
  return jobSheetsApi.update(id, body, 'patch');
}

export function validateJobSheet(id: string) {
  return jobSheetsApi.act<JobSheetValidation>(id, 'validate');
}

/**
 * POST /job_sheets/{id}/{action} (submit, update_and_submit, approve, reject, undo_approval,
 * unsubmit, cancel), or PUT for update_rejection.
 */
export function useJobSheetAction(id: string) {
  const queryClient = useQueryClient();
  const keys = useSheetKeys();
  return useMutation({
    mutationFn: ({ action, body, method }: { action: string; body?: unknown; method?: 'put' }) =>
      jobSheetsApi.act(id, action, body ?? {}, { method }),
    onSuccess: async (sheet) => {
      queryClient.setQueryData(keys.one(id), (previous: JobSheet | undefined) =>
        previous ? { ...previous, ...sheet, job: previous.job, form: previous.form } : sheet,
      );
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: inboxKey(keys.organisationId) });
    },
  });
}

export function useCreateJobSheet() {
  const queryClient = useQueryClient();
  const keys = useSheetKeys();
  return useMutation({
    mutationFn: (input: JobSheetCreate) => jobSheetsApi.create(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: inboxKey(keys.organisationId) }),
        // The job's sheets (job_sheet_count, job_sheet_ids): its "Start" now resumes.
        queryClient.invalidateQueries({
          queryKey: resourceQueryKey(keys.organisationId, 'jobs'),
        }),
      ]),
  });
}

export interface BulkDecisionOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

/** approve_many (jobSheetApprovals) or reject_many (jobSheetRejections), answered per sheet. */
export function useBulkDecision() {
  const queryClient = useQueryClient();
  const keys = useSheetKeys();
  return useMutation({
    mutationFn: async ({
      decision,
      ids,
      comments,
    }: {
      decision: 'approve' | 'reject';
      ids: string[];
      comments: string;
    }): Promise<BulkDecisionOutcome> => {
      const items = ids.map((id) => ({ id, comments: comments || null }));
      if (decision === 'approve') {
        const answer = await jobSheetsApi.actOn<{ approved: string[]; failed: BulkFailure[] }>(
          'approve_many',
          { jobSheetApprovals: items.map((item) => ({ ...item, declaration_accepted: true })) },
        );
        return { succeeded: answer.approved, failed: answer.failed };
      }
      const answer = await jobSheetsApi.actOn<{ rejected: string[]; failed: BulkFailure[] }>(
        'reject_many',
        { jobSheetRejections: items.map((item) => ({ ...item, comments })) },
      );
      return { succeeded: answer.rejected, failed: answer.failed };
    },
    // The inbox (page and navigation badge) counts what was just decided.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: inboxKey(keys.organisationId) }),
      ]),
  });
}

/** Where the phone is, when it grants its location within a few seconds; else nothing. */
async function currentPosition(): Promise<GeolocationPosition | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state === 'denied') return null;
  } catch {
    // No permissions API: ask anyway.
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      timeout: 4000,
      maximumAge: 60_000,
    });
  });
}

/**
 * What is stamped on a photo at upload: when it was taken (the file's own time, a camera's
 * capture; never later than now) and where the phone is, when it grants its location.
 */
export async function captureStamp(file: File): Promise<Record<string, string>> {
  const taken = Math.min(file.lastModified || Date.now(), Date.now());
  const stamp: Record<string, string> = { taken_at: new Date(taken).toISOString() };
  const position = await currentPosition();
  if (position) {
    stamp.latitude = String(position.coords.latitude);
    stamp.longitude = String(position.coords.longitude);
    stamp.accuracy = String(position.coords.accuracy);
  }
  return stamp;
}

/** Uploads a photo of one photo field (POST /job_sheet_photos, multipart), with progress. */
export function photoUploader(
  sheetId: string,
  fieldValueId: string,
  nextOrder: () => number,
): PhotoUploader {
  return async (file, onProgress) => {
    const body = new FormData();
    body.set('job_sheet_id', sheetId);
    body.set('job_sheet_field_value_id', fieldValueId);
    body.set('order', String(nextOrder()));
    for (const [key, value] of Object.entries(await captureStamp(file))) body.set(key, value);
    body.set('file', file);
    const answer = await uploadWithProgress<{ data: JobSheetPhoto }>({
      url: '/job_sheet_photos',
      body,
      onProgress,
    });
    return uploadedPhotoOf(answer.data);
  };
}

const photosApi = resourceApi<JobSheetPhoto, JobSheetPhotoUpdate>('job_sheet_photos');

export const deletePhoto = (id: string) => photosApi.remove(id);

/** A photo's markup to keep: the copy drawn in the browser and the shapes drawn on it. */
export interface PhotoMarkupDraft {
  image: Blob;
  shapes: PhotoMarkupShape[];
}

/**
 * POST /job_sheet_photos/{id}/markup (or DELETE it with null): the marked-up copy and its shapes,
 * reporting how much of the copy has gone; the sheet is read again.
 */
export function useSavePhotoMarkup(sheetId: string) {
  const queryClient = useQueryClient();
  const keys = useSheetKeys();
  return async (
    photoId: string,
    markup: PhotoMarkupDraft | null,
    onProgress?: (fraction: number) => void,
  ) => {
    const url = `/job_sheet_photos/${photoId}/markup`;
    if (markup) {
      const body = new FormData();
      body.set('shapes', JSON.stringify(markup.shapes));
      body.set('file', markup.image, 'markup.jpg');
      await uploadWithProgress<{ data: JobSheetPhoto }>({ url, body, onProgress });
    } else {
      await request({ method: 'delete', url });
    }
    await queryClient.invalidateQueries({ queryKey: keys.one(sheetId) });
  };
}

/** PATCH /job_sheet_photos/{id}: a new caption (null clears it); the sheet is read again. */
export function useUpdatePhotoCaption(sheetId: string) {
  const queryClient = useQueryClient();
  const keys = useSheetKeys();
  return async (photoId: string, caption: string | null) => {
    await photosApi.update(photoId, { caption }, 'patch');
    await queryClient.invalidateQueries({ queryKey: keys.one(sheetId) });
  };
}
