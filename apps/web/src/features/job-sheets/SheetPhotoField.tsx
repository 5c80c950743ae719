import type { JobSheetFieldValue } from '@fieldwork/contract';
import { useEffect, useMemo, useRef } from 'react';
import { notifyFailure } from '../../ui/feedback/notify';
import { PhotoField, type RenderableField, uploadedCount, usePhotoQueue } from '../form-fields';
import { deletePhoto, photoUploader } from './job-sheets-api';
import { uploadedPhotoOf } from './sheet-answers';

/** A photo field of a job sheet: uploads to the sheet's field value, shows the thumbnails. */
export function SheetPhotoField({
  sheetId,
  field,
  value,
  error,
  disabled,
  onCount,
}: {
  sheetId: string;
  field: RenderableField;
  value: JobSheetFieldValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onCount: (fieldId: string, count: number) => void;
}) {
  const order = useRef(value?.photos.length ?? 0);
  const uploader = useMemo(
    () => (value ? photoUploader(sheetId, value.id, () => order.current++) : undefined),
    [sheetId, value],
  );
  const serverPhotos = useMemo(() => value?.photos.map(uploadedPhotoOf) ?? [], [value]);
  const queue = usePhotoQueue(uploader, serverPhotos);
  const count = uploadedCount(queue.items);
  useEffect(() => onCount(field.id, count), [field.id, count, onCount]);

  return (
    <PhotoField
      label={field.name}
      required={field.required}
      error={error}
      items={queue.items}
      onAdd={queue.add}
      onRetry={queue.retry}
      disabled={disabled || !value}
      onRemove={(item) => {
        queue.remove(item.key);
        if (item.photoId)
          deletePhoto(item.photoId).catch((failure: unknown) =>
            notifyFailure('The photo was not removed', failure),
          );
      }}
      testId={`field-${field.id}`}
    />
  );
}
