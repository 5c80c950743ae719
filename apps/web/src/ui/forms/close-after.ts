import { notifySuccess } from '../feedback/notify';

/**
 * The mutate options of a form in a modal: on success, say `message` and close (`onDone`); on a
 * refusal, show the server's errors on the form's fields.
 */
export function closeAfter(
  message: string,
  onDone: () => void,
  form: { capture: (error: unknown) => void },
) {
  return {
    onSuccess: () => {
      notifySuccess(message);
      onDone();
    },
    onError: form.capture,
  };
}
