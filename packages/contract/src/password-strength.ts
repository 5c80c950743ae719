import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * How strong a new password is, by zxcvbn-ts: it knows the most common passwords of public
 * breaches, words, names, keyboard patterns, dates and repeats, and estimates the guesses an
 * attacker needs. The server refuses a password below MIN_PASSWORD_SCORE; the web forms show the
 * same estimate as it is typed. Its own entry point (`@fieldwork/contract/password-strength`):
 * the dictionaries weigh about a megabyte, so the web app loads them only on a password form.
 */

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 is at least 10^8 guesses. */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_SCORE_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  label: string;
  /** Why it is weak and what would help, in a sentence or two (empty when acceptable). */
  advice: string;
}

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/**
 * Rates a password; `userInputs` (the person's name, e-mail) count as easy to guess. Only the
 * first 100 characters are rated: beyond that a password is long enough and the estimate slow.
 */
export function ratePassword(password: string, userInputs: string[] = []): PasswordStrength {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[\s@.]+/)]).filter(Boolean);
  const result = zxcvbn().check(password.slice(0, 100), inputs);
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  const advice = acceptable
    ? ''
    : [result.feedback.warning, ...result.feedback.suggestions]
        .filter((text): text is string => Boolean(text))
        .join(' ') || 'Add more words or characters that are hard to guess.';
  return { score: result.score, acceptable, label: PASSWORD_SCORE_LABELS[result.score]!, advice };
}

/** The 422 message for a password the server refuses. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  return `This password is too easy to guess (${strength.label.toLowerCase()}). ${strength.advice}`;
}
