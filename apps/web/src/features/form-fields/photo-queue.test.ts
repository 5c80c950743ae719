import { describe, expect, it } from 'vitest';
import { isBusy, photoQueueReducer, uploadedCount, type PhotoItem } from './photo-queue';

const file = new File(['x'], 'a.png', { type: 'image/png' });

describe('photo queue', () => {
  it('shows a file at once, tracks its progress and keeps the preview until the thumbnail exists', () => {
    let items: PhotoItem[] = photoQueueReducer([], {
      type: 'add',
      key: 'k',
      file,
      previewUrl: 'blob:a',
    });
    expect(isBusy(items)).toBe(true);
    items = photoQueueReducer(items, { type: 'progress', key: 'k', progress: 0.5 });
    items = photoQueueReducer(items, { type: 'progress', key: 'k', progress: 0.2 });
    expect(items[0]!.progress).toBe(0.5);
    items = photoQueueReducer(items, {
      type: 'uploaded',
      key: 'k',
      photo: { id: 'p1', thumbnailUrl: null, status: 'PROCESSING' },
    });
    expect(items[0]).toMatchObject({ status: 'uploaded', photoId: 'p1', thumbnailUrl: 'blob:a' });
    expect(uploadedCount(items)).toBe(1);
    items = photoQueueReducer(items, {
      type: 'sync',
      photos: [{ id: 'p1', thumbnailUrl: 'https://files/t.jpg', status: 'READY' }],
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: 'k',
      thumbnailUrl: 'https://files/t.jpg',
      serverStatus: 'READY',
    });
  });

  it('keeps a failed upload for a retry, which starts it again from nothing', () => {
    let items = photoQueueReducer([], { type: 'add', key: 'k', file, previewUrl: null });
    items = photoQueueReducer(items, { type: 'progress', key: 'k', progress: 0.9 });
    items = photoQueueReducer(items, {
      type: 'failed',
      key: 'k',
      error: 'The upload was cut off',
      retryable: true,
    });
    expect(items[0]).toMatchObject({ status: 'failed', error: 'The upload was cut off' });
    expect(uploadedCount(items)).toBe(0);
    items = photoQueueReducer(items, { type: 'retry', key: 'k' });
    expect(items[0]).toMatchObject({ status: 'uploading', progress: 0, error: undefined });
  });

  it('keeps a refused photo (its type, its size) for removal only: a retry cannot succeed', () => {
    let items = photoQueueReducer([], { type: 'add', key: 'k', file, previewUrl: null });
    const error = 'HEIC photos are not accepted: send a JPEG.';
    items = photoQueueReducer(items, { type: 'failed', key: 'k', error, retryable: false });
    items = photoQueueReducer(items, { type: 'retry', key: 'k' });
    expect(items[0]).toMatchObject({ status: 'failed', error, retryable: false });
    items = photoQueueReducer(items, { type: 'remove', key: 'k' });
    expect(items).toEqual([]);
  });

  it('takes the server list as the truth for uploaded photos, keeping files on their way', () => {
    let items = photoQueueReducer([], { type: 'add', key: 'k', file, previewUrl: null });
    items = photoQueueReducer(items, { type: 'sync', photos: [{ id: 'p9', thumbnailUrl: 't' }] });
    expect(items.map((item) => item.key)).toEqual(['p9', 'k']);
    items = photoQueueReducer(items, { type: 'sync', photos: [] });
    expect(items.map((item) => item.key)).toEqual(['k']);
  });
});
