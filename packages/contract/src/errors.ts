import { z } from 'zod';

/** The error catalogue of spec/platform.md §8: every failure leaves the API in this shape. */
export const ERROR_TYPES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Failure',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_TYPES;
export type ErrorType = (typeof ERROR_TYPES)[ErrorStatus];

export const fieldErrorSchema = z
  .object({
    field: z
      .string()
      .describe('Dotted path of the offending field, e.g. "name" or "items.2.email"'),
    message: z.string(),
    code: z.string(),
  })
  .meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z
  .object({
    type: z.string(),
    message: z.string(),
    status: z.number().int(),
    code: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
