import { session } from '../session/session-state';
import { clientBaseUrl } from './api-config';
import { errorFromResponse } from './errors';
import { currentBearer } from './request';

/** One file to send, and where to report how much of it has gone (0 to 1). */
export interface FileUpload {
  file: File;
  onProgress?: ((fraction: number) => void) | undefined;
}

/** A multipart body with the file in the field `file`, as every upload route takes it. */
export function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export interface UploadOptions {
  /** Path below the organisation client's base, e.g. "/job_sheet_photos". */
  url: string;
  body: FormData;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal;
}

/**
 * A multipart POST to the organisation API that reports upload progress (fetch cannot, so this
 * is the one XMLHttpRequest of the app). Authenticates and renews a refused token like
 * `request`; answers the parsed JSON body, throws the error classes of platform §8.
 */
export async function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  const bearer = await currentBearer();
  let answer = await send(options, bearer);
  if (answer.status === 401) {
    const renewed = await session.get().tokenRenewer?.(bearer);
    if (renewed) answer = await send(options, renewed);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const error = errorFromResponse(answer.status, answer.statusText, answer.body);
  if (answer.status === 401) session.get().authErrorHandler?.(error);
  throw error;
}

interface RawAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

function send({ url, body, onProgress, signal }: UploadOptions, bearer: string) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${clientBaseUrl('organisation')}${url}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new TypeError('The upload failed: no connection to the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
