import { useCallback, useEffect, useReducer, useRef } from 'react';
import { describeUploadFailure } from '../../ui/uploads/upload-problem';
import { photoQueueReducer, type UploadedPhoto } from './photo-queue';

/** Sends one file, reporting progress 0..1; answers the photo as the server holds it. */
export type PhotoUploader = (
  file: File,
  onProgress: (fraction: number) => void,
) => Promise<UploadedPhoto>;

let localKeys = 0;

/**
 * A photo field's queue: files added upload at once (or, without an uploader as in the form
 * preview, show locally); a failed upload waits for `retry` when sending again can succeed, a
 * refused file (its type, its size) only for removal. `serverPhotos` (when given) is the
 * server's current list, e.g. after processing made the thumbnails.
 */
export function usePhotoQueue(uploader: PhotoUploader | undefined, serverPhotos?: UploadedPhoto[]) {
  const [items, dispatch] = useReducer(photoQueueReducer, []);
  const files = useRef(new Map<string, File>());
  const previews = useRef<string[]>([]);

  useEffect(() => {
    if (serverPhotos) dispatch({ type: 'sync', photos: serverPhotos });
  }, [serverPhotos]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const start = useCallback(
    (key: string, file: File, previewUrl: string | null = null) => {
      if (!uploader) {
        const photo = { id: key, thumbnailUrl: previewUrl, status: 'READY' };
        dispatch({ type: 'uploaded', key, photo });
        return;
      }
      uploader(file, (progress) => dispatch({ type: 'progress', key, progress })).then(
        (photo) => dispatch({ type: 'uploaded', key, photo }),
        (error: unknown) => {
          const { message, retryable } = describeUploadFailure(error);
          dispatch({ type: 'failed', key, error: message, retryable });
        },
      );
    },
    [uploader],
  );

  const add = useCallback(
    (picked: File[]) => {
      for (const file of picked) {
        const key = `local-${++localKeys}`;
        const previewUrl = URL.createObjectURL(file);
        previews.current.push(previewUrl);
        files.current.set(key, file);
        dispatch({ type: 'add', key, file, previewUrl });
        start(key, file, previewUrl);
      }
    },
    [start],
  );
  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      const item = items.find((candidate) => candidate.key === key);
      if (!file || item?.retryable === false) return;
      dispatch({ type: 'retry', key });
      start(key, file);
    },
    [items, start],
  );
  const remove = useCallback((key: string) => dispatch({ type: 'remove', key }), []);
  return { items, add, retry, remove };
}
