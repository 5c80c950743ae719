import { ApiError, errorMessage } from '../../api/errors';
import { formatFileSize } from '../builds/build-status';

/** What a file may be: its types (MIME), how they are called, and its largest size. */
export interface FileRules {
  accept: readonly string[];
  /** e.g. "PNG, JPEG or WebP". */
  acceptLabel: string;
  maxBytes: number;
  /** What a file is called in messages, e.g. "image" (default "file"). */
  noun?: string;
}

/** Why an upload did not go through, and whether sending the same file again can help. */
export interface UploadProblem {
  message: string;
  /** True for a lost connection or a server fault (5xx); a refused file stays refused. */
  retryable: boolean;
}

/** "PNG, JPEG or WebP, up to 10 MB". */
export const describeRules = (rules: FileRules) =>
  `${rules.acceptLabel}, up to ${formatFileSize(rules.maxBytes)}`;

/**
 * What is wrong with a chosen file before it is sent, or null. The browser's type is only a
 * hint (the server reads the bytes), so a file without one is sent and the server answers.
 */
export function localFileProblem(file: File, rules: FileRules): UploadProblem | null {
  const noun = rules.noun ?? 'file';
  if (file.size === 0) return { message: `The ${noun} is empty.`, retryable: false };
  if (file.size > rules.maxBytes) {
    const sizes = `${formatFileSize(rules.maxBytes)} (it is ${formatFileSize(file.size)})`;
    return { message: `The ${noun} is larger than ${sizes}.`, retryable: false };
  }
  if (file.type && !rules.accept.includes(file.type)) {
    return { message: `Choose a ${rules.acceptLabel} ${noun}.`, retryable: false };
  }
  return null;
}

function firstFieldMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const { errors } = body;
  if (!Array.isArray(errors)) return undefined;
  const first: unknown = errors[0];
  return typeof first === 'object' && first !== null && 'message' in first
    ? String(first.message)
    : undefined;
}

/**
 * The server's refusal in its own words (a 422's field message: "not a PNG, JPEG or WebP image",
 * how to send a HEIC photo as JPEG; a 413's "A file is larger than N MB."), not to be sent
 * again; a lost connection or a 5xx may pass on a retry.
 */
export function describeUploadFailure(error: unknown): UploadProblem {
  if (error instanceof ApiError) {
    const message = firstFieldMessage(error.body) ?? errorMessage(error);
    return { message, retryable: error.status >= 500 };
  }
  if (error instanceof TypeError) {
    return {
      message: 'The upload was cut off: check the connection and try again.',
      retryable: true,
    };
  }
  return { message: errorMessage(error), retryable: error instanceof DOMException };
}
