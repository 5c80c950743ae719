import type { Membership, Role } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { chosenOrganisationPath } from '../../app/organisation-choice';
import { loadSessionContext } from '../../app/session/load-context';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';

export type InviteKind = 'membership' | 'organisation';

/** What both invite kinds show; a membership invite names its e-mail, an invite link does not. */
export interface PublicInvite {
  kind: InviteKind;
  /** The membership invite's id (accepting needs it); null for an organisation invite link. */
  id: string | null;
  organisation_id: string;
  organisation_name: string;
  role: Role;
  email: string | null;
  guest: boolean;
  projects: Array<{ project_id?: string; project_name?: string; name?: string }>;
  invited_by_name: string | null;
  expires_at: string | null;
  /** Whether the e-mail already has an account (membership invites only). */
  user_exists: boolean | null;
}

interface MembershipInviteBody {
  id: string;
  organisation_id: string;
  organisation_name: string;
  email: string;
  role: Role;
  guest?: boolean;
  projects?: PublicInvite['projects'];
  invited_by_name?: string | null;
  expires_at?: string | null;
  user_exists?: boolean;
}

interface OrganisationInviteBody {
  organisation_id: string;
  organisation_name: string;
  role: Role;
  expires_at?: string | null;
}

/** GET /membership_invites/{token} or GET /organisation_invites/{token} (public); 404 when dead. */
export async function fetchInvite(kind: InviteKind, token: string): Promise<PublicInvite> {
  const path = kind === 'membership' ? '/membership_invites' : '/organisation_invites';
  const url = `${path}/${encodeURIComponent(token)}`;
  if (kind === 'membership') {
    const { data } = await request<{ data: MembershipInviteBody }>({
      method: 'get',
      url,
      client: 'public',
    });
    return {
      kind,
      id: data.id,
      organisation_id: data.organisation_id,
      organisation_name: data.organisation_name,
      role: data.role,
      email: data.email,
      guest: data.guest ?? data.role === 'GUEST',
      projects: data.projects ?? [],
      invited_by_name: data.invited_by_name ?? null,
      expires_at: data.expires_at ?? null,
      user_exists: data.user_exists ?? null,
    };
  }
  const { data } = await request<{ data: OrganisationInviteBody }>({
    method: 'get',
    url,
    client: 'public',
  });
  return {
    kind,
    id: null,
    organisation_id: data.organisation_id,
    organisation_name: data.organisation_name,
    role: data.role,
    email: null,
    guest: data.role === 'GUEST',
    projects: [],
    invited_by_name: null,
    expires_at: data.expires_at ?? null,
    user_exists: null,
  };
}

export function useInvite(kind: InviteKind, token: string) {
  return useQuery({
    queryKey: ['invite', kind, token],
    queryFn: () => fetchInvite(kind, token),
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * Accepts as the signed-in user (POST /me/membership_invites/{id}/accept {token} or
 * POST /me/organisation_invites/{token}/accept), reloads the context so the organisation is among
 * the user's, and resolves with the path of its projects page.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invite, token }: { invite: PublicInvite; token: string }) => {
      const { membership } = await request<{ membership: Membership }>(
        invite.kind === 'membership'
          ? {
              method: 'post',
              url: `/me/membership_invites/${encodeURIComponent(invite.id ?? '')}/accept`,
              client: 'core',
              body: { token },
            }
          : {
              method: 'post',
              url: `/me/organisation_invites/${encodeURIComponent(token)}/accept`,
              client: 'core',
            },
      );
      // A load that started before the accept must not answer for the one after it.
      await queryClient.cancelQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY });
      const context = await queryClient.fetchQuery({
        queryKey: SESSION_CONTEXT_QUERY_KEY,
        queryFn: loadSessionContext,
        staleTime: 0,
      });
      return chosenOrganisationPath(
        context.organisations,
        membership?.organisation_id ?? invite.organisation_id,
      );
    },
  });
}
