import {
  LEAD_SOURCES,
  OFFICE_EMPLOYEE_RANGES,
  PREBOARDING_CHECKPOINTS,
  SITE_EMPLOYEE_RANGES,
  type Preboarding,
  type PreboardingCheckpoint,
  type PreboardingQuestionnaire,
} from '@fieldwork/contract';

/** organisations.preboarding as stored; bypassed_by_user_id stays on the server. */
export interface StoredPreboarding {
  questionnaire?: Partial<PreboardingQuestionnaire>;
  checkpoint?: PreboardingCheckpoint | null;
  completed_at?: string | null;
  bypass?: boolean;
  bypassed_at?: string | null;
  bypassed_by_user_id?: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function presentQuestionnaire(raw: unknown): PreboardingQuestionnaire {
  const stored = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    number_of_site_employees: oneOf(SITE_EMPLOYEE_RANGES, stored.number_of_site_employees),
    number_of_office_employees: oneOf(OFFICE_EMPLOYEE_RANGES, stored.number_of_office_employees),
    trades: texts(stored.trades),
    services: texts(stored.services),
    accreditations: texts(stored.accreditations),
    lead_source: oneOf(LEAD_SOURCES, stored.lead_source),
  };
}

/** Preboarding of platform §3 with every default filled in (a new organisation: not started). */
export function presentPreboarding(raw: unknown): Preboarding {
  const stored = (typeof raw === 'object' && raw !== null ? raw : {}) as StoredPreboarding;
  return {
    questionnaire: presentQuestionnaire(stored.questionnaire),
    checkpoint: oneOf(PREBOARDING_CHECKPOINTS, stored.checkpoint),
    completed_at: stored.completed_at ?? null,
    bypass: stored.bypass === true,
    bypassed_at: stored.bypass === true ? (stored.bypassed_at ?? null) : null,
  };
}

/** Whether the organisation is past preboarding (platform §4: bypassed or completed). */
export const preboardingDone = (preboarding: Preboarding) =>
  preboarding.bypass || preboarding.completed_at !== null;
