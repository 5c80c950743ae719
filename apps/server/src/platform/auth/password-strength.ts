import { ratePassword, weakPasswordMessage } from '@fieldwork/contract/password-strength';
import { validationFailure } from '../errors';

/**
 * Refuses a new password that is easy to guess (common breached passwords, words, patterns, the
 * person's own name or e-mail) with a 422 naming the field.
 */
export function assertStrongPassword(password: string, userInputs: string[], field = 'password') {
  const strength = ratePassword(password, userInputs);
  if (strength.acceptable) return;
  throw validationFailure([
    { field, message: weakPasswordMessage(strength), code: 'weak_password' },
  ]);
}
