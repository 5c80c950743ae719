import type { FormEvent } from 'react';

/**
 * A form's onSubmit that runs `action` instead of the browser's page load. A failure is not
 * thrown again here: the form shows it (its mutation's error, or a notice).
 */
export function submitHandler(action: () => unknown) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void Promise.resolve(action()).catch(() => undefined);
  };
}
