import {
  ACCREDITATION_SUGGESTIONS,
  LEAD_SOURCES,
  OFFICE_EMPLOYEE_RANGES,
  SERVICE_SUGGESTIONS,
  SITE_EMPLOYEE_RANGES,
  TRADE_SUGGESTIONS,
} from '@fieldwork/contract';
import type { LeadSource, PreboardingQuestionnaire } from '@fieldwork/contract';
import type { QuestionnaireStep } from './preboarding-paths';

export type QuestionnaireField = keyof PreboardingQuestionnaire;
export type ChoiceField = 'number_of_site_employees' | 'number_of_office_employees' | 'lead_source';
export type ListField = 'trades' | 'services' | 'accreditations';

export interface ChoiceQuestion {
  kind: 'choice';
  field: ChoiceField;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export interface ListQuestion {
  kind: 'list';
  field: ListField;
  label: string;
  description: string;
  suggestions: readonly string[];
}

export type Question = ChoiceQuestion | ListQuestion;

export interface QuestionnaireStepDefinition {
  step: QuestionnaireStep;
  title: string;
  description: string;
  questions: readonly Question[];
}

/** "1-20" → "1–20", "251+" → "251 or more", "0" → "None". */
export function rangeLabel(range: string): string {
  if (range === '0') return 'None';
  if (range.endsWith('+')) return `${range.slice(0, -1)} or more`;
  return range.replace('-', '–');
}

const ranges = (values: readonly string[]) =>
  values.map((value) => ({ value, label: rangeLabel(value) }));

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  search_engine: 'Search engine',
  social_media: 'Social media',
  word_of_mouth: 'A recommendation',
  trade_show: 'A trade show or event',
  advert: 'An advert',
  partner: 'A partner or supplier',
  other: 'Somewhere else',
};

/** The questionnaire's steps (platform §3 Organisation.preboarding.questionnaire), in order. */
export const QUESTIONNAIRE: Record<QuestionnaireStep, QuestionnaireStepDefinition> = {
  team: {
    step: 'team',
    title: 'How big is your team?',
    description: 'So we can suggest the right way to organise your people.',
    questions: [
      {
        kind: 'choice',
        field: 'number_of_site_employees',
        label: 'People working on site',
        options: ranges(SITE_EMPLOYEE_RANGES),
      },
      {
        kind: 'choice',
        field: 'number_of_office_employees',
        label: 'People working in the office',
        options: ranges(OFFICE_EMPLOYEE_RANGES),
      },
    ],
  },
  work: {
    step: 'work',
    title: 'What work do you do?',
    description: 'Pick from the suggestions or type your own, then press Enter.',
    questions: [
      {
        kind: 'list',
        field: 'trades',
        label: 'Trades',
        description: 'The trades your people work in.',
        suggestions: TRADE_SUGGESTIONS,
      },
      {
        kind: 'list',
        field: 'services',
        label: 'Services',
        description: 'What you offer your clients.',
        suggestions: SERVICE_SUGGESTIONS,
      },
    ],
  },
  accreditations: {
    step: 'accreditations',
    title: 'Which accreditations do you hold?',
    description: 'They can go on your reports later. Leave it empty if none apply.',
    questions: [
      {
        kind: 'list',
        field: 'accreditations',
        label: 'Accreditations',
        description: 'Schemes and standards your organisation is accredited for.',
        suggestions: ACCREDITATION_SUGGESTIONS,
      },
    ],
  },
  source: {
    step: 'source',
    title: 'How did you hear about us?',
    description: 'Last question, promise.',
    questions: [
      {
        kind: 'choice',
        field: 'lead_source',
        label: 'Where you heard about Fieldwork',
        options: LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] })),
      },
    ],
  },
};

/** The part of the questionnaire a step sends (PUT /preboarding/questionnaire is partial). */
export function answersOfStep(
  definition: QuestionnaireStepDefinition,
  answers: PreboardingQuestionnaire,
): Partial<PreboardingQuestionnaire> {
  return Object.fromEntries(
    definition.questions.map((question) => [question.field, answers[question.field]]),
  );
}
