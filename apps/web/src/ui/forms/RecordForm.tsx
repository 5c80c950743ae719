import { MutationForm } from './MutationForm';
import type { FormMutation, MutationFormOptions } from './MutationForm';

/** The notice may be left out for records with a name: "{name} created" or "{name} saved". */
type NoticeOption<Output, Saved> = [Saved] extends [{ name: string }]
  ? { notice?: MutationFormOptions<Output, Saved>['notice'] }
  : { notice: MutationFormOptions<Output, Saved>['notice'] };

type SaveRecordProps<Item, Output, Saved> = {
  /** The record edited; none for a new one. */
  record: Item | undefined;
  /** Creates (no id) or updates (the record's id) with the checked input. */
  save: FormMutation<{ id?: string; input: Output }, Saved>;
  /** The submit's label for a new record, e.g. "Create client"; editing says "Save". */
  createLabel: string;
} & NoticeOption<Output, Saved> &
  Omit<MutationFormOptions<Output, Saved>, 'notice' | 'submitLabel'>;

/** The form of a record, new or edited: a MutationForm sending `{id, input}` to `save`. */
export function RecordForm<Item extends { id: string }, Output, Saved>({
  record,
  save,
  createLabel,
  notice,
  ...options
}: SaveRecordProps<Item, Output, Saved>) {
  const savedNotice = (saved: Saved) =>
    `${(saved as { name?: string }).name} ${record ? 'saved' : 'created'}`;
  return (
    <MutationForm
      {...options}
      mutation={save}
      variables={(input: Output) => ({ id: record?.id, input })}
      notice={notice ?? savedNotice}
      submitLabel={record ? 'Save' : createLabel}
    />
  );
}
