import { notifySuccess } from '../feedback/notify';

/** The part of a useZodForm form that shows a refusal. */
interface CapturingForm {
  capture: (error: unknown) => void;
}

/**
 * The mutate options of a form in a modal: on success, say `message` (or what it makes of the
 * result) and close (`onDone`); on a refusal, show the server's errors on the form's fields.
 */
export function closeAfter<Result>(
  message: string | ((result: Result) => string),
  onDone: () => void,
  form: CapturingForm,
) {
  return {
    onSuccess: (result: Result) => {
      notifySuccess(typeof message === 'function' ? message(result) : message);
      onDone();
    },
    onError: form.capture,
  };
}

/** The mutate options of a form that stays open (a page's form): say `message`, or show the refusal. */
export function noticeAfter(message: string, form: CapturingForm) {
  return { onSuccess: () => notifySuccess(message), onError: form.capture };
}
