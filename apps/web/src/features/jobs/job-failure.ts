import { ValidationFailureError, errorMessage } from '../../api/errors';

/** A failure as one sentence: a 422's reasons (e.g. "A job that is … cannot be …"), else its message. */
export function failureText(error: unknown): string {
  if (error instanceof ValidationFailureError && error.errors.length)
    return error.errors.map((item) => item.message).join(' ');
  return errorMessage(error);
}
