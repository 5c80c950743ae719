import { z } from 'zod';

/** The "Confirm password" field a form adds to a contract body that sets a password. */
export const passwordConfirmationField = { password_confirmation: z.string() };

/**
 * `.refine(...confirmationMatches)` on such a schema: two different passwords are refused on
 * the confirmation field, before anything is sent.
 */
export const confirmationMatches: [
  (values: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; message: string },
] = [
  (values: { password: string; password_confirmation: string }) =>
    values.password === values.password_confirmation,
  { path: ['password_confirmation'], message: 'The passwords do not match' },
];
