import type { ErrorBody, FieldError } from '@fieldwork/contract';

/** Any failed response. The catalogue errors below extend it; other failures are thrown as is. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  /** The parsed response body (JSON when the server sent JSON, otherwise its text or undefined). */
  readonly body: unknown;

  constructor(status: number, body: unknown, fallbackMessage: string) {
    const errorBody = asErrorBody(body);
    super(errorBody?.message ?? fallbackMessage);
    this.status = status;
    this.code = errorBody?.code;
    this.body = body;
  }
}

export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
}
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class ValidationFailureError extends ApiError {
  override name = 'ValidationFailureError';
  readonly errors: FieldError[];

  constructor(status: number, body: unknown, fallbackMessage: string) {
    super(status, body, fallbackMessage);
    this.errors = asErrorBody(body)?.errors ?? [];
  }
}

type ApiErrorClass = new (status: number, body: unknown, fallbackMessage: string) => ApiError;

/** The catalogue of spec/platform.md §8: a response is classified by its status AND body type. */
const CATALOGUE: ReadonlyArray<{ status: number; type: string; errorClass: ApiErrorClass }> = [
  { status: 401, type: 'Unauthorized', errorClass: UnauthorizedError },
  { status: 403, type: 'Forbidden', errorClass: ForbiddenError },
  { status: 409, type: 'Conflict', errorClass: ConflictError },
  { status: 400, type: 'Bad Request', errorClass: BadRequestError },
  { status: 422, type: 'Validation Failure', errorClass: ValidationFailureError },
];

export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const type = asErrorBody(body)?.type;
  const entry = CATALOGUE.find(
    (candidate) => candidate.status === status && candidate.type === type,
  );
  const fallbackMessage = `Request failed with status ${status}${statusText ? ` ${statusText}` : ''}`;
  return new (entry?.errorClass ?? ApiError)(status, body, fallbackMessage);
}

function asErrorBody(body: unknown): Partial<ErrorBody> | undefined {
  return typeof body === 'object' && body !== null ? body : undefined;
}

const GENERIC = /^The given data was invalid/;

/** Messages that say nothing of where ("Required", "Must be a date"): given their field's name. */
const FIELD_RELATIVE = /^(\S+$|must\b|required\b|too\b|at (most|least)\b|not\b|invalid\b)/i;

function fieldErrorText({ field, message }: FieldError): string {
  const sentence = !FIELD_RELATIVE.test(message.trim());
  const name = field.split('.').find((part) => !/^\d+$/.test(part)) ?? field;
  const label = name.replace(/_ids?$/, '').replaceAll('_', ' ');
  const text = message.trim().replace(/\.?$/, '.');
  return sentence || !label ? text : `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${text}`;
}

/** A message fit to show a user, for any thrown value. */
export function errorMessage(error: unknown): string {
  // A refusal's envelope names its fields ("The given data was invalid: job_id."); what each
  // field's error says is written for people, so that is what they are shown.
  if (error instanceof ValidationFailureError && error.errors.length && GENERIC.test(error.message))
    return [...new Set(error.errors.map(fieldErrorText))].join(' ');
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}
