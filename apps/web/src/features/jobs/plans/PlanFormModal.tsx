import { dailyJobPlanCreateSchema, type DailyJobPlanInput } from '@fieldwork/contract';
import { MultiSelect, Select, TextInput, Textarea } from '@mantine/core';
import { RecordForm } from '../../../ui/forms/RecordForm';
import { recordFormModal, type RecordFormProps } from '../../../ui/forms/RecordFormModal';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { useFormList } from '../../forms';
import { useOperatives } from '../use-operatives';
import { planTitle, useSavePlan, type ListedPlan } from './plans-api';

/** What a new plan starts from: the day (and operative) the view was showing. */
export interface PlanDefaults {
  local_day: string;
  operative_id?: string;
}

interface PlanFormValues {
  [field: string]: unknown;
  operative_id: string | null;
  local_day: string;
  reference: string;
  form_ids: string[];
  instructions: string;
}

function PlanForm({
  record: plan,
  defaults,
  onDone,
}: RecordFormProps<ListedPlan> & { defaults: PlanDefaults }) {
  const save = useSavePlan();
  const operatives = useOperatives();
  const forms = useFormChoices();
  const form = useZodForm(
    dailyJobPlanCreateSchema,
    {
      operative_id: plan?.operative_id ?? defaults.operative_id ?? null,
      local_day: plan?.local_day ?? defaults.local_day,
      reference: plan?.reference ?? '',
      form_ids: plan?.form_ids ?? [],
      instructions: plan?.instructions ?? '',
    } satisfies PlanFormValues as PlanFormValues,
    (values): DailyJobPlanInput => ({
      operative_id: values.operative_id ?? '',
      local_day: values.local_day,
      reference: values.reference.trim() || null,
      form_ids: values.form_ids,
      instructions: values.instructions.trim() || null,
    }),
  );
  return (
    <RecordForm
      form={form}
      record={plan}
      save={save}
      createLabel="Create plan"
      notice={(saved) => `${planTitle(saved)} ${plan ? 'saved' : 'created'}`}
      onDone={onDone}
    >
      <Select
        label="Operative"
        required
        searchable
        data={operatives.options}
        disabled={operatives.isPending}
        {...form.bind('operative_id')}
      />
      <TextInput label="Day" type="date" required {...form.bind('local_day')} />
      <TextInput label="Reference" {...form.bind('reference')} />
      <MultiSelect
        label="Forms"
        searchable
        data={forms}
        value={form.values.form_ids}
        onChange={(ids) => form.setValue('form_ids', ids)}
        error={form.errorOf('form_ids')}
      />
      <Textarea label="Instructions" autosize minRows={2} {...form.bind('instructions')} />
    </RecordForm>
  );
}

/** "New plan" or "Edit plan": an operative's plan for one day. */
export const PlanFormModal = recordFormModal('plan', PlanForm);

/** The organisation's unarchived forms, by name, for the plan's form picker. */
function useFormChoices() {
  const forms = useFormList({ filter: { archived: false }, sort: 'name', page: 'all' });
  return (forms.data?.data ?? []).map((record) => ({ value: record.id, label: record.name }));
}
