import type { FastifyError, FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { AppError, validationFailure } from '../errors';
import { BAD_ENCODING } from './content-encoding';

/** PostgreSQL errors a client's input can cause, mapped to catalogue errors instead of a 500. */
function fromDatabaseError(error: {
  code?: string;
  constraint?: string;
  detail?: string;
}): AppError | null {
  switch (error.code) {
    case '23505':
      return new AppError(409, 'duplicate', 'A record with the same unique value already exists.');
    case '23503':
      return new AppError(
        409,
        'still_referenced',
        'The record is referenced by, or references, a missing record.',
      );
    case '23514':
    case '23502':
      return validationFailure([
        { field: error.constraint ?? 'body', message: 'Invalid value.', code: 'invalid' },
      ]);
    case undefined:
      return null;
    default:
      // Class 22 is "data exception": a value PostgreSQL cannot take (NUL bytes, overflow, ...).
      return error.code?.startsWith('22')
        ? new AppError(400, 'bad_value', 'A value has a format or size the server cannot store.')
        : null;
  }
}

const FASTIFY_CODES: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError(400, 'malformed_json', 'The body is not valid JSON.'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(413, 'body_too_large', 'The body is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(
    415,
    'unsupported_media_type',
    'Send JSON (application/json) or multipart/form-data.',
  ),
  [BAD_ENCODING]: new AppError(
    400,
    'bad_content_encoding',
    'The body is not encoded as its Content-Encoding says.',
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError(
    400,
    'bad_content_length',
    'Content-Length does not match the body.',
  ),
};

/**
 * Requests Node refuses before Fastify sees them (headers too large, a malformed request line, a
 * request that took too long) leave in the catalogue shape too, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(431, 'headers_too_large', 'The request headers are too large.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(408, 'request_timeout', 'The request took too long to arrive.')
        : new AppError(400, 'bad_request', 'The request is malformed.');
  const body = JSON.stringify(appError.toBody());
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${appError.status} ${appError.toBody().type}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/** One handler turns every failure into the catalogue shape; only 5xx are logged as errors. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError & { constraint?: string; detail?: string }, request, reply) => {
      let appError: AppError | null = error instanceof AppError ? error : null;
      appError ??= (error.code && FASTIFY_CODES[error.code]) || fromDatabaseError(error);
      if (!appError && error instanceof SyntaxError)
        appError = FASTIFY_CODES.FST_ERR_CTP_INVALID_JSON_BODY!;
      if (!appError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const status =
          ([400, 401, 403, 404, 405, 409, 413, 415, 422, 429] as const).find(
            (s) => s === error.statusCode,
          ) ?? 400;
        appError = new AppError(status, (error.code ?? 'bad_request').toLowerCase(), error.message);
      }
      if (!appError) {
        request.log.error({ err: error }, 'unhandled error');
        appError = new AppError(
          500,
          'internal_error',
          'Something went wrong on our side. Quote the request id when you contact us.',
        );
      }
      return reply
        .headers(appError.headers)
        .code(appError.status)
        .send(appError.toBody(appError.status >= 500 ? request.id : undefined));
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(
      404,
      'route_not_found',
      `No route ${request.method} ${request.url.split('?')[0]}.`,
    );
    return reply.code(404).send(error.toBody());
  });
}
