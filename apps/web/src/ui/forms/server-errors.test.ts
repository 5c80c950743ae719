import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationFailureError } from '../../api/errors';
import { serverErrorsFor } from './server-errors';

function validationFailure(errors: Array<{ field: string; message: string }>) {
  const body = {
    type: 'Validation Failure',
    message: 'The request is invalid',
    status: 422,
    code: 'VALIDATION_FAILURE',
    errors: errors.map((error) => ({ ...error, code: 'invalid' })),
  };
  return new ValidationFailureError(422, body, 'fallback');
}

const FIELDS = ['name', 'email'] as const;

describe('serverErrorsFor', () => {
  it('puts each field error next to its field, first message wins', () => {
    const error = validationFailure([
      { field: 'name', message: 'Required' },
      { field: 'name', message: 'Too short' },
      { field: 'email', message: 'Must be a valid e-mail address' },
    ]);
    expect(serverErrorsFor(error, FIELDS)).toEqual({
      fieldErrors: { name: 'Required', email: 'Must be a valid e-mail address' },
      formError: null,
    });
  });

  it('reports errors of fields the form does not have as a form error', () => {
    const error = validationFailure([
      { field: 'name', message: 'Required' },
      { field: 'owner_id', message: 'No such member' },
    ]);
    expect(serverErrorsFor(error, FIELDS)).toEqual({
      fieldErrors: { name: 'Required' },
      formError: 'No such member',
    });
  });

  it('puts an error about a part of a field (a list entry) next to that field', () => {
    const error = validationFailure([
      { field: 'name.2', message: 'At most 100 characters' },
      { field: 'names', message: 'Not a field of this form' },
    ]);
    expect(serverErrorsFor(error, FIELDS)).toEqual({
      fieldErrors: { name: 'At most 100 characters' },
      formError: 'Not a field of this form',
    });
  });

  it('falls back to the failure message when no field is named', () => {
    expect(serverErrorsFor(validationFailure([]), FIELDS).formError).toBe('The request is invalid');
  });

  it('turns any other failure into a form error', () => {
    const error = new ConflictError(409, { message: 'Name taken' }, 'fallback');
    expect(serverErrorsFor(error, FIELDS)).toEqual({ fieldErrors: {}, formError: 'Name taken' });
  });
});
