import {
  ERROR_TYPES,
  type ErrorBody,
  type ErrorStatus,
  type FieldError,
} from '@fieldwork/contract';
import type { ZodError } from 'zod';

/** The one error type: every failure the API reports is an AppError with a catalogue status. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(requestId?: string): ErrorBody {
    return {
      type: ERROR_TYPES[this.status],
      message: this.message,
      status: this.status,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    };
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'You are not signed in.', code = 'unauthenticated') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You may not do this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what = 'Record', code = 'not_found') =>
  new AppError(404, code, `${what} not found.`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_attempts', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export function validationFailure(errors: FieldError[], message?: string): AppError {
  return new AppError(
    422,
    'validation_failed',
    message ?? `The given data was invalid: ${errors.map((error) => error.field).join(', ')}.`,
    errors,
  );
}

/** zod issues become field errors named by their dotted path ("" for the body itself). */
export function fromZodError(error: ZodError, prefix = ''): AppError {
  const errors = error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body',
    message: issue.message,
    code: issue.code,
  }));
  return validationFailure(errors);
}
