import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../session/session-state';
import { errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { configureApi } from './api-config';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
  ValidationFailureError,
  errorFromResponse,
  errorMessage,
} from './errors';
import { request } from './request';

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  session.update({ tokenGetter: () => 't', organisationId: '0123456789abcdef01234567' });
});

async function failureFor(response: Response): Promise<unknown> {
  stubFetch(() => response);
  return request({ method: 'get', url: '/clients' }).then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

describe('error classification by status and body type', () => {
  it.each([
    [401, 'Unauthorized', UnauthorizedError],
    [403, 'Forbidden', ForbiddenError],
    [409, 'Conflict', ConflictError],
    [400, 'Bad Request', BadRequestError],
    [422, 'Validation Failure', ValidationFailureError],
  ])('%i %s becomes %o carrying message, status and code', async (status, type, errorClass) => {
    const error = await failureFor(errorResponse(status, type));
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: `${type} happened`, status, code: 'SOME_CODE' });
  });

  it('carries the errors list of a validation failure', async () => {
    const errors = [{ field: 'name', message: 'Required', code: 'too_small' }];
    const error = await failureFor(errorResponse(422, 'Validation Failure', { errors }));
    expect((error as ValidationFailureError).errors).toEqual(errors);
  });

  it('does not classify a status whose body type does not match', async () => {
    const error = await failureFor(errorResponse(409, 'Bad Request'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(error).not.toBeInstanceOf(BadRequestError);
  });

  it('passes any other failure through as an ApiError with its body', async () => {
    const body = { type: 'Not Found', message: 'No such client', status: 404, code: 'NOT_FOUND' };
    const error = await failureFor(jsonResponse(body, 404));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'No such client',
      code: 'NOT_FOUND',
      body,
    });
  });

  it('keeps a non-JSON error body as text', async () => {
    const error = await failureFor(
      new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(error).toMatchObject({
      status: 502,
      body: 'Bad gateway',
      message: 'Request failed with status 502 Bad Gateway',
    });
  });
});

describe('errorMessage', () => {
  it('uses the error message, with a fallback for anything else', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('weird')).toBe('Something went wrong');
  });

  it('shows what a refusal’s fields say, not the field names of its envelope', () => {
    const refusal = (errors: Array<{ field: string; message: string }>, message?: string) =>
      errorFromResponse(422, '', {
        type: 'Validation Failure',
        status: 422,
        code: 'validation_failed',
        message: message ?? `The given data was invalid: ${errors.map((e) => e.field).join(', ')}.`,
        errors: errors.map((error) => ({ ...error, code: 'invalid' })),
      });
    expect(
      errorMessage(
        refusal([
          { field: 'job_id', message: 'Sign “Site induction” before starting job sheets here.' },
        ]),
      ),
    ).toBe('Sign “Site induction” before starting job sheets here.');
    expect(
      errorMessage(
        refusal([
          { field: 'name', message: 'Required' },
          { field: 'default_rate_set_ids.1', message: 'Must be one per rate group' },
        ]),
      ),
    ).toBe('Name: Required. Default rate set: Must be one per rate group.');
    expect(errorMessage(refusal([], 'At most 100000 job sheets fit one report.'))).toBe(
      'At most 100000 job sheets fit one report.',
    );
    expect(
      errorMessage(refusal([{ field: 'name', message: 'Required' }], 'Name the form first.')),
    ).toBe('Name the form first.');
  });
});
