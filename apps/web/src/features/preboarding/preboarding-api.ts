import type {
  Organisation,
  PreboardingCheckpoint,
  PreboardingInviteBody,
  QuestionnaireBody,
} from '@fieldwork/contract';
import type { MemberRole } from '@fieldwork/contract';
import { request } from '../../api/request';
import { useOrganisationMutation } from '../setup/organisation-answer';

/** The preboarding calls of docs/organisation-setup.md (organisation client, ADMIN). */

type OrganisationAnswer = { organisation: Organisation };

export interface PreboardingInviteAnswer extends OrganisationAnswer {
  invited: Array<{ id: string; email: string; role: MemberRole; expires_at: string }>;
  failed: Array<{ email: string; reason: string; code: string }>;
}

/** PUT /preboarding/questionnaire with the answers of one step (what is not sent stays). */
export const useSaveQuestionnaire = () =>
  useOrganisationMutation((answers: QuestionnaireBody) =>
    request<OrganisationAnswer>({
      method: 'put',
      url: '/preboarding/questionnaire',
      body: answers,
    }),
  );

/** PUT /preboarding/checkpoint: where to come back to. */
export const useSaveCheckpoint = () =>
  useOrganisationMutation((checkpoint: PreboardingCheckpoint) =>
    request<OrganisationAnswer>({
      method: 'put',
      url: '/preboarding/checkpoint',
      body: { checkpoint },
    }),
  );

/** POST /preboarding/invite: invites colleagues; some may fail on their own (already a member). */
export const useSendPreboardingInvites = () =>
  useOrganisationMutation((body: PreboardingInviteBody) =>
    request<PreboardingInviteAnswer>({ method: 'post', url: '/preboarding/invite', body }),
  );

/** POST /preboarding/complete: preboarding is over; the organisation pages open. */
export const useCompletePreboarding = () =>
  useOrganisationMutation(() =>
    request<OrganisationAnswer>({ method: 'post', url: '/preboarding/complete' }),
  );

/** POST /preboarding/bypass: skip setting up (it is not offered again). */
export const useBypassPreboarding = () =>
  useOrganisationMutation(() =>
    request<OrganisationAnswer>({ method: 'post', url: '/preboarding/bypass', body: {} }),
  );
