import { SETUP_PATH } from '../../app/plan-paths';

/** The questionnaire's steps, in order: /organisation-setup/{slug}/preboarding/questionnaire/{step}. */
export const QUESTIONNAIRE_STEPS = ['team', 'work', 'accreditations', 'source'] as const;
export type QuestionnaireStep = (typeof QUESTIONNAIRE_STEPS)[number];

export type PreboardingPage =
  'start' | 'invite' | 'complete' | `questionnaire/${QuestionnaireStep}`;

/** /organisation-setup/{slug}/preboarding/{page} */
export function preboardingPath(slug: string, page: PreboardingPage = 'start'): string {
  return `${SETUP_PATH}/${encodeURIComponent(slug)}/preboarding/${page}`;
}

export function questionnairePath(slug: string, step: QuestionnaireStep = 'team'): string {
  return preboardingPath(slug, `questionnaire/${step}`);
}

export function isQuestionnaireStep(value: string | undefined): value is QuestionnaireStep {
  return QUESTIONNAIRE_STEPS.some((step) => step === value);
}

/** Where a path is, as the preboarding redirects tell places apart. */
export type PreboardingPlace = 'preboarding' | 'setup-area' | 'outside';

/**
 * The place of a path for an organisation: its preboarding pages, the rest of its setup area
 * (the subscription pages), or anywhere else (its organisation pages).
 */
export function preboardingPlaceOf(pathname: string, slug: string): PreboardingPlace {
  const setupBase = `${SETUP_PATH}/${encodeURIComponent(slug)}`;
  if (pathname !== setupBase && !pathname.startsWith(`${setupBase}/`)) return 'outside';
  const [area] = pathname.slice(setupBase.length).split('/').filter(Boolean);
  return area === 'preboarding' ? 'preboarding' : 'setup-area';
}
