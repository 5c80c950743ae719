/**
 * The photos of one photo field while they are added: each picked or captured file shows at once
 * as a local thumbnail, uploads with its progress, and on failure waits for a retry; a photo the
 * server already holds shows its own thumbnail.
 */
export type PhotoItemStatus = 'uploading' | 'failed' | 'uploaded';

export interface PhotoItem {
  /** Stable key: the server photo's id, or a local one for a file being added. */
  key: string;
  status: PhotoItemStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** What to show: the server's thumbnail, or the local file's object URL until then. */
  thumbnailUrl: string | null;
  /** The full-size image, for a lightbox. */
  fullUrl?: string | null | undefined;
  /** The local file (kept for a retry). */
  file?: File | undefined;
  error?: string | undefined;
  /** Whether sending the file again can succeed (a cut-off connection, a 5xx; not a refused type). */
  retryable?: boolean | undefined;
  /** The server's photo id once uploaded. */
  photoId?: string | undefined;
  /** The server's processing state (PROCESSING, READY, FAILED...). */
  serverStatus?: string | undefined;
}

export type PhotoAction =
  | { type: 'add'; key: string; file: File; previewUrl: string | null }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; photo: UploadedPhoto }
  | { type: 'failed'; key: string; error: string; retryable: boolean }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'sync'; photos: UploadedPhoto[] };

/** A photo as the server (or, in the preview, the browser) holds it. */
export interface UploadedPhoto {
  id: string;
  thumbnailUrl: string | null;
  fullUrl?: string | null | undefined;
  status?: string | undefined;
  error?: string | null | undefined;
}

const fromServer = (photo: UploadedPhoto): PhotoItem => ({
  key: photo.id,
  status: 'uploaded',
  progress: 1,
  thumbnailUrl: photo.thumbnailUrl,
  fullUrl: photo.fullUrl,
  photoId: photo.id,
  serverStatus: photo.status,
  error: photo.error ?? undefined,
});

export function photoQueueReducer(items: PhotoItem[], action: PhotoAction): PhotoItem[] {
  const update = (key: string, change: (item: PhotoItem) => PhotoItem) =>
    items.map((item) => (item.key === key ? change(item) : item));
  switch (action.type) {
    case 'add':
      return [
        ...items,
        {
          key: action.key,
          status: 'uploading',
          progress: 0,
          thumbnailUrl: action.previewUrl,
          file: action.file,
        },
      ];
    case 'progress':
      return update(action.key, (item) =>
        item.status === 'uploading'
          ? { ...item, progress: Math.max(item.progress, Math.min(1, action.progress)) }
          : item,
      );
    case 'uploaded':
      // The local preview stays until the server's thumbnail exists (it is made on the queue).
      return update(action.key, (item) => ({
        ...fromServer(action.photo),
        key: item.key,
        thumbnailUrl: action.photo.thumbnailUrl ?? item.thumbnailUrl,
        fullUrl: action.photo.fullUrl ?? item.thumbnailUrl,
      }));
    case 'failed':
      return update(action.key, (item) => ({
        ...item,
        status: 'failed',
        error: action.error,
        retryable: action.retryable,
      }));
    case 'retry':
      return update(action.key, (item) =>
        item.status === 'failed' && item.retryable !== false
          ? { ...item, status: 'uploading', progress: 0, error: undefined, retryable: undefined }
          : item,
      );
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'sync': {
      // The server's list is the truth for uploaded photos; files still on their way stay.
      const known = new Map(
        items.filter((item) => item.photoId).map((item) => [item.photoId, item]),
      );
      const pending = items.filter((item) => !item.photoId);
      const synced = action.photos.map((photo) => {
        const local = known.get(photo.id);
        const item = fromServer(photo);
        return local
          ? { ...item, key: local.key, thumbnailUrl: photo.thumbnailUrl ?? local.thumbnailUrl }
          : item;
      });
      return [...synced, ...pending];
    }
  }
}

/** How many photos count as given (uploaded; processing may still be under way). */
export const uploadedCount = (items: PhotoItem[]) =>
  items.filter((item) => item.status === 'uploaded').length;

export const isBusy = (items: PhotoItem[]) => items.some((item) => item.status === 'uploading');
