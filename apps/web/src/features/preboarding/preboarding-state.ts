import {
  LEAD_SOURCES,
  OFFICE_EMPLOYEE_RANGES,
  PREBOARDING_CHECKPOINTS,
  SITE_EMPLOYEE_RANGES,
} from '@fieldwork/contract';
import type { Organisation, Preboarding } from '@fieldwork/contract';
import { list, oneOf, part, text } from '../setup';

/**
 * The organisation's preboarding (platform §3) from GET /me/context, read defensively: a part
 * that is missing or of another shape reads as "not answered" or "not yet".
 */
export function preboardingOf(organisation: Pick<Organisation, 'preboarding'>): Preboarding {
  const raw = part(organisation.preboarding);
  const answers = part(raw.questionnaire);
  return {
    questionnaire: {
      number_of_site_employees: oneOf(SITE_EMPLOYEE_RANGES, answers.number_of_site_employees),
      number_of_office_employees: oneOf(OFFICE_EMPLOYEE_RANGES, answers.number_of_office_employees),
      trades: list(answers.trades),
      services: list(answers.services),
      accreditations: list(answers.accreditations),
      lead_source: oneOf(LEAD_SOURCES, answers.lead_source),
    },
    checkpoint: oneOf(PREBOARDING_CHECKPOINTS, raw.checkpoint),
    completed_at: text(raw.completed_at),
    bypass: raw.bypass === true,
    bypassed_at: text(raw.bypassed_at),
  };
}

/** Preboarding is over when it was completed or bypassed (platform §4). */
export function isPreboardingDone(preboarding: Pick<Preboarding, 'bypass' | 'completed_at'>) {
  return preboarding.bypass || preboarding.completed_at !== null;
}
