import type {
  Organisation,
  PreboardingCheckpoint,
  PreboardingInviteBody,
  QuestionnaireBody,
} from '@fieldwork/contract';
import type { MemberRole } from '@fieldwork/contract';
import { resourceApi } from '../../api/resource';
import { useOrganisationMutation } from '../setup';

/** The preboarding calls of docs/organisation-setup.md (organisation client, ADMIN). */

type OrganisationAnswer = { organisation: Organisation };

const preboardingApi = resourceApi<never, never>('preboarding');

export interface PreboardingInviteAnswer extends OrganisationAnswer {
  invited: Array<{ id: string; email: string; role: MemberRole; expires_at: string }>;
  failed: Array<{ email: string; reason: string; code: string }>;
}

/** PUT /preboarding/questionnaire with the answers of one step (what is not sent stays). */
export const useSaveQuestionnaire = () =>
  useOrganisationMutation((answers: QuestionnaireBody) =>
    preboardingApi.actOn<OrganisationAnswer>('questionnaire', answers, { method: 'put' }),
  );

/** PUT /preboarding/checkpoint: where to come back to. */
export const useSaveCheckpoint = () =>
  useOrganisationMutation((checkpoint: PreboardingCheckpoint) =>
    preboardingApi.actOn<OrganisationAnswer>('checkpoint', { checkpoint }, { method: 'put' }),
  );

/** POST /preboarding/invite: invites colleagues; some may fail on their own (already a member). */
export const useSendPreboardingInvites = () =>
  useOrganisationMutation((body: PreboardingInviteBody) =>
    preboardingApi.actOn<PreboardingInviteAnswer>('invite', body),
  );

/** POST /preboarding/complete: preboarding is over; the organisation pages open. */
export const useCompletePreboarding = () =>
  useOrganisationMutation(() => preboardingApi.actOn<OrganisationAnswer>('complete'));

/** POST /preboarding/bypass: skip setting up (it is not offered again). */
export const useBypassPreboarding = () =>
  useOrganisationMutation(() => preboardingApi.actOn<OrganisationAnswer>('bypass', {}));
