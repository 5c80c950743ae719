import { useMemo } from 'react';
import type { Member } from '../../../ui/people-types';
import { useMembers } from './members-api';

/** Active members as picker options (value: the user's id), by name; and a lookup by id. */
export function useMemberOptions() {
  const members = useMembers();
  const active = members.data?.active;
  return useMemo(() => {
    const sorted = [...(active ?? [])].sort((left, right) => left.name.localeCompare(right.name));
    const byId = new Map<string, Member>(sorted.map((member) => [member.id, member]));
    return {
      isPending: members.isPending,
      error: members.error,
      options: sorted.map((member) => ({ value: member.id, label: member.name || member.email })),
      byId,
    };
  }, [active, members.isPending, members.error]);
}
