import type { BulkFailure } from '@fieldwork/contract';
import { conflict, forbidden, notFound, validationFailure, type AppError } from '../../errors';

/** A bulk failure as the error a one-record call answers. */
export function failureError(
  label: string,
  failure: BulkFailure,
  wrongStatus: 409 | 422 = 409,
  /** The body field an `invalid` failure is about (default id). */
  field = 'id',
): AppError {
  switch (failure.code) {
    case 'not_allowed_from_status':
      return wrongStatus === 422
        ? validationFailure([{ field: 'status', message: failure.reason, code: failure.code }])
        : conflict(failure.reason, failure.code);
    case 'not_found':
      return notFound(label);
    case 'not_permitted':
      return forbidden(failure.reason, failure.code);
    case 'invalid':
      return validationFailure([{ field, message: failure.reason, code: failure.code }]);
    default:
      return conflict(failure.reason, failure.code);
  }
}
