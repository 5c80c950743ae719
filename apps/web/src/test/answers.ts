import { errorResponse } from './fetch-stub';

/** An answer that is `first` for the first call and `then` for every later one (a retry, a fix). */
export function firstThen(first: () => Response, then: () => Response): () => Response {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? first() : then();
  };
}

/** The API's 422 naming one field. */
export const refusal = (field: string, message: string, code = 'conflict') =>
  errorResponse(422, 'Validation Failure', { errors: [{ field, message, code }] });

/** A 403, the usual first answer of a failed load that "Try again" then loads. */
export const forbidden = () => errorResponse(403, 'Forbidden');
