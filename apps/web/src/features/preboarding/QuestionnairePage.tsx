import type { PreboardingQuestionnaire, QuestionnaireBody } from '@fieldwork/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../ui/forms/server-errors';
import {
  QUESTIONNAIRE_STEPS,
  isQuestionnaireStep,
  preboardingPath,
  questionnairePath,
} from './preboarding-paths';
import { useSaveCheckpoint, useSaveQuestionnaire } from './preboarding-api';
import { PreboardingFrame } from './PreboardingFrame';
import { preboardingOf } from './preboarding-state';
import { ChoiceQuestionInput, ListQuestionInput } from './QuestionnaireQuestion';
import { QUESTIONNAIRE, answersOfStep } from './questionnaire-steps';
import type { QuestionnaireField } from './questionnaire-steps';

type Answers = Omit<
  PreboardingQuestionnaire,
  'number_of_site_employees' | 'number_of_office_employees' | 'lead_source'
> &
  Record<'number_of_site_employees' | 'number_of_office_employees' | 'lead_source', string | null>;

/**
 * /organisation-setup/{slug}/preboarding/questionnaire/{step}: one step of the questionnaire at a
 * time. Each step saves its own answers (PUT /preboarding/questionnaire is partial), so leaving
 * half-way keeps what was answered; the last step moves the checkpoint to the invite page.
 */
export function QuestionnairePage() {
  const { step } = useParams();
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  // The answers live across the steps (the page stays mounted while the step changes).
  const [answers, setAnswers] = useState<Answers>(() => preboardingOf(organisation).questionnaire);
  const [errors, setErrors] = useState(noServerErrors<QuestionnaireField>);
  const save = useSaveQuestionnaire();
  const saveCheckpoint = useSaveCheckpoint();

  if (!isQuestionnaireStep(step))
    return <Navigate to={questionnairePath(organisation.slug)} replace />;
  const definition = QUESTIONNAIRE[step];
  const index = QUESTIONNAIRE_STEPS.indexOf(step);
  const next = QUESTIONNAIRE_STEPS[index + 1];
  const previous = QUESTIONNAIRE_STEPS[index - 1];
  const fields = definition.questions.map((question) => question.field);

  function change(field: QuestionnaireField, value: string | string[]) {
    setAnswers((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      ...current,
      fieldErrors: { ...current.fieldErrors, [field]: undefined },
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors(noServerErrors());
    // The server checks the choices against its lists; a stale option is a 422 on its field.
    const body = answersOfStep(
      definition,
      answers as PreboardingQuestionnaire,
    ) as QuestionnaireBody;
    save.mutate(body, {
      onError: (error) => setErrors(serverErrorsFor(error, fields)),
      onSuccess: () => {
        if (next) {
          void navigate(questionnairePath(organisation.slug, next));
          return;
        }
        saveCheckpoint.mutate('invite', {
          onSuccess: () => void navigate(preboardingPath(organisation.slug, 'invite')),
          onError: (error) => setErrors(serverErrorsFor(error, fields)),
        });
      },
    });
  }

  return (
    <PreboardingFrame
      step="Your business"
      title={definition.title}
      description={definition.description}
    >
      <form onSubmit={submit} noValidate aria-label={definition.title}>
        <Stack gap="xl">
          <FormErrorAlert message={errors.formError} />
          {definition.questions.map((question) =>
            question.kind === 'choice' ? (
              <ChoiceQuestionInput
                key={question.field}
                question={question}
                value={answers[question.field]}
                error={errors.fieldErrors[question.field]}
                onChange={(value) => change(question.field, value)}
              />
            ) : (
              <ListQuestionInput
                key={question.field}
                question={question}
                value={answers[question.field]}
                error={errors.fieldErrors[question.field]}
                onChange={(value) => change(question.field, value)}
              />
            ),
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() =>
                void navigate(
                  previous
                    ? questionnairePath(organisation.slug, previous)
                    : preboardingPath(organisation.slug, 'start'),
                )
              }
            >
              Back
            </Button>
            <Button type="submit" loading={save.isPending || saveCheckpoint.isPending}>
              {next ? 'Continue' : 'Continue to invites'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PreboardingFrame>
  );
}
