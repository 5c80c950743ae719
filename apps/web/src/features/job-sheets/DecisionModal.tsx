import { z } from 'zod';
import { Checkbox, Text, Textarea } from '@mantine/core';
import { FormDialog } from '../../ui/forms/FormDialog';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';

export type Decision = 'approve' | 'reject';

const approveSchema = z.object({
  comments: z.string().trim().max(5000),
  declaration_accepted: z.boolean(),
});
const rejectSchema = z.object({
  comments: z.string().trim().min(1, 'Say why the sheet is rejected.').max(5000),
  declaration_accepted: z.boolean(),
});
export type DecisionInput = z.infer<typeof approveSchema>;

/**
 * The body of POST /job_sheets/{id}/approve or /reject: comments, the declaration when
 * approving, and the stage decided at (so a decision made meanwhile is a 409).
 */
export function decisionBody(
  decision: Decision,
  input: DecisionInput,
  stageId: string | null,
): Record<string, unknown> {
  return {
    comments: input.comments || null,
    ...(decision === 'approve'
      ? { declaration_accepted: input.declaration_accepted || undefined }
      : {}),
    approval_stage_id: stageId,
  };
}

/**
 * Approve (with comments, accepting the stage's declaration when it has one) or reject (comments
 * required) one sheet or several.
 */
export function DecisionModal({
  decision,
  subject,
  declaration,
  pending,
  onSend,
  onClose,
}: {
  decision: Decision | null;
  /** "Sheet 12", "3 job sheets". */
  subject: string;
  declaration?: string | null | undefined;
  pending: boolean;
  onSend: (input: DecisionInput, capture: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={decision !== null}
      onClose={onClose}
      title={decision === 'reject' ? `Reject ${subject}` : `Approve ${subject}`}
    >
      {decision && (
        <DecisionForm
          key={decision}
          decision={decision}
          declaration={declaration}
          pending={pending}
          onSend={onSend}
          onClose={onClose}
        />
      )}
    </FormDialog>
  );
}

function DecisionForm({
  decision,
  declaration,
  pending,
  onSend,
  onClose,
}: {
  decision: Decision;
  declaration?: string | null | undefined;
  pending: boolean;
  onSend: (input: DecisionInput, capture: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const form = useZodForm(decision === 'reject' ? rejectSchema : approveSchema, {
    comments: '',
    declaration_accepted: false,
  });
  const needsDeclaration = decision === 'approve' && Boolean(declaration);
  return (
    <ModalForm
      onSubmit={form.submit((input) => onSend(input, form.capture))}
      formError={form.formError}
      submitLabel={decision === 'reject' ? 'Reject' : 'Approve'}
      pending={pending}
      onCancel={onClose}
      disabled={needsDeclaration && form.values.declaration_accepted !== true}
    >
      <Textarea
        label="Comments"
        required={decision === 'reject'}
        autosize
        minRows={3}
        data-autofocus
        {...form.bind('comments')}
      />
      {needsDeclaration && (
        <>
          <Text size="sm">{declaration}</Text>
          <Checkbox
            label="I accept this declaration"
            {...form.bind('declaration_accepted', { type: 'checkbox' })}
          />
        </>
      )}
    </ModalForm>
  );
}
