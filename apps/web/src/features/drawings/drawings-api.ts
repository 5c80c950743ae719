import type {
  Block,
  Drawing,
  Location,
  LocationCreate,
  LocationStatus,
  PendingDrawing,
  QrCodeBatch,
} from '@fieldwork/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceMutation } from '../../api/resource-hooks';
import { uploadWithProgress } from '../../api/upload';
import { useSession } from '../../session/use-session';

/** Drawings, pending drawings and locations (field-work §3, §7): the calls and their hooks. */
export const drawingsApi = resourceApi<Drawing, { name?: string }>('drawings');
export const pendingDrawingsApi = resourceApi<PendingDrawing, { name?: string }>(
  'pending_drawings',
);
export const locationsApi = resourceApi<Location, Partial<LocationCreate>>('locations');
const blocksApi = resourceApi<Block, never>('blocks');
const qrBatchesApi = resourceApi<QrCodeBatch, never>('qr_code_batches');

/** While a drawing is rendered, its list asks again this often. */
const PROCESSING_POLL_MS = 2000;

const useKey = (resource: string, ...rest: unknown[]) => {
  const { organisationId } = useSession();
  return [...resourceQueryKey(organisationId, resource), ...rest];
};

/** The project's live blocks with their levels, in order. */
export function useProjectBlocks(projectId: string) {
  return useQuery({
    queryKey: useKey('blocks', 'of-project', projectId),
    queryFn: () => blocksApi.all({ filter: { project_id: projectId }, sort: 'order' }),
  });
}

/** The project's drawings (live, or deleted), asked again while one is being rendered. */
export function useProjectDrawings(projectId: string, deleted = false) {
  return useQuery({
    queryKey: useKey('drawings', 'of-project', projectId, deleted),
    queryFn: () =>
      drawingsApi.all({
        filter: { project_id: projectId, ...(deleted ? { deleted: 'true' } : {}) },
        sort: 'order',
      }),
    refetchInterval: (query) =>
      query.state.data?.some((drawing) => drawing.status === 'PROCESSING' || drawing.replacing)
        ? PROCESSING_POLL_MS
        : false,
  });
}

export function useDrawing(id: string) {
  return useQuery({
    queryKey: useKey('drawings', 'one', id),
    queryFn: () => drawingsApi.get(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'PROCESSING' || query.state.data?.replacing
        ? PROCESSING_POLL_MS
        : false,
  });
}

/** The project's pending drawings (the inbox), asked again while one is being rendered. */
export function usePendingDrawings(projectId: string) {
  return useQuery({
    queryKey: useKey('pending_drawings', 'of-project', projectId),
    queryFn: () => pendingDrawingsApi.all({ filter: { project_id: projectId }, sort: 'name' }),
    refetchInterval: (query) =>
      query.state.data?.some((drawing) => drawing.status === 'PROCESSING')
        ? PROCESSING_POLL_MS
        : false,
  });
}

/** Every location pinned on a drawing (page=all: the viewer shows them all). */
export function useDrawingLocations(drawingId: string) {
  return useQuery({
    queryKey: useKey('locations', 'of-drawing', drawingId),
    queryFn: () => locationsApi.all({ filter: { drawing_id: drawingId } }),
  });
}

/** The project's location statuses in their order. */
export function useLocationStatuses(projectId: string) {
  return useQuery({
    queryKey: useKey('location_statuses', 'of-project', projectId),
    queryFn: () =>
      resourceApi<LocationStatus, never>('location_statuses', {
        parent: recordPath('projects', projectId),
      }).all(),
  });
}

/**
 * The drawing's image at most `width` pixels wide (GET /drawings/{id}/image?width=…&format=webp,
 * which redirects to a signed link), as an object URL for the viewer; null when it cannot be
 * fetched so (the viewer then shows the drawing's own signed `image_url`).
 */
export async function drawingImageBlobUrl(id: string, width: number): Promise<string | null> {
  try {
    const blob = await request<Blob>({
      method: 'get',
      url: `${recordPath('drawings', id)}/image`,
      query: `width=${width}&format=webp`,
      responseType: 'blob',
    });
    return URL.createObjectURL(blob);
  } catch {
    return null;
  }
}

/** POST /drawings (multipart: level_id, file) with its progress. */
export const uploadDrawing = (
  levelId: string,
  file: File,
  onProgress?: (share: number) => void,
) => {
  const body = new FormData();
  body.append('level_id', levelId);
  body.append('file', file);
  return uploadWithProgress<{ data: Drawing }>({ url: '/drawings', body, onProgress });
};

/** POST /drawings/{id}/replace_image (multipart: file); every pin keeps its place. */
export const replaceDrawingImage = (
  id: string,
  file: File,
  onProgress?: (share: number) => void,
) => {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<{ data: Drawing }>({
    url: `${recordPath('drawings', id)}/replace_image`,
    body,
    onProgress,
  });
};

/** POST /pending_drawings (multipart: project_id, file). */
export const uploadPendingDrawing = (
  projectId: string,
  file: File,
  onProgress?: (share: number) => void,
) => {
  const body = new FormData();
  body.append('project_id', projectId);
  body.append('file', file);
  return uploadWithProgress<{ data: PendingDrawing }>({
    url: '/pending_drawings',
    body,
    onProgress,
  });
};

/** Reloads what a drawing change shows in (drawings, pending drawings, locations). */
export function useInvalidateDrawings() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return () =>
    Promise.all(
      ['drawings', 'pending_drawings', 'locations'].map((resource) =>
        queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, resource) }),
      ),
    );
}

export const useDrawingsMutation = <Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) => useResourceMutation(['drawings', 'pending_drawings', 'locations'], mutationFn);

/** The QR code batches with codes still free to give a location, newest first. */
export function useBatchesWithFreeCodes(enabled: boolean) {
  return useQuery({
    queryKey: useKey('qr_code_batches', 'with-free-codes'),
    queryFn: async () =>
      (await qrBatchesApi.all({ sort: '-created_at' })).filter(
        (batch) => batch.generated_at && batch.allocated_count < batch.quantity,
      ),
    enabled,
  });
}

/** POST /qr_code_batches/{id}/allocate: the batch's code named, else its first free one. */
export const useAllocateQrCode = () =>
  useResourceMutation(
    ['locations', 'qr_code_batches'],
    ({ batchId, locationId, code }: { batchId: string; locationId: string; code?: string }) =>
      request<{ data: { code: string; location_id: string } }>({
        method: 'post',
        url: `/qr_code_batches/${batchId}/allocate`,
        body: { location_id: locationId, ...(code ? { code } : {}) },
      }),
  );
