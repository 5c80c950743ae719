import { levelCreateSchema } from '@fieldwork/contract';
import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { MutationForm } from '../../../../ui/forms/MutationForm';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { NameInput } from '../../../../ui/forms/NameInput';

/** A block's or a level's name, as the contract checks it. */
const nameSchema = levelCreateSchema.pick({ name: true });

/** What the name dialog is open for: a new block or level, or a new name for one. */
export interface NameTarget {
  title: string;
  submitLabel: string;
  placeholder: string;
  initial?: string;
  /** Sends the name; a 422 naming `name` shows next to the field. */
  save: (name: string) => Promise<unknown>;
  /** The notification after saving, e.g. "Block A added". */
  saved: (name: string) => string;
}

/** One name to type: adding or renaming a block or a level. */
export function NameModal({ target, onClose }: { target: NameTarget | null; onClose: () => void }) {
  return (
    <FormDialog opened={target !== null} onClose={onClose} title={target?.title ?? ''}>
      {target && <NameForm key={target.title} target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function NameForm({ target, onDone }: { target: NameTarget; onDone: () => void }) {
  const form = useZodForm(nameSchema, { name: target.initial ?? '' });
  const save = useMutation({ mutationFn: (name: string) => target.save(name) });

  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={({ name }) => name}
      notice={(_, { name }) => target.saved(name)}
      onDone={onDone}
      submitLabel={target.submitLabel}
    >
      <NameInput placeholder={target.placeholder} {...form.bind('name')} />
    </MutationForm>
  );
}
