import { useMemo } from 'react';
import { useMembers } from '../people';

/**
 * The organisation's active operatives (role OPERATIVE), by name: the people jobs are given to,
 * for the pickers and the board's rows. Jobs given to a manager still show (the board adds them).
 */
export function useOperatives() {
  const members = useMembers();
  const active = members.data?.active;
  return useMemo(() => {
    const operatives = (active ?? [])
      .filter((member) => member.role === 'OPERATIVE')
      .map((member) => ({ id: member.id, name: member.name || member.email }))
      .sort((left, right) => left.name.localeCompare(right.name));
    return {
      operatives,
      options: operatives.map((operative) => ({ value: operative.id, label: operative.name })),
      isPending: members.isPending,
      error: members.error,
    };
  }, [active, members.isPending, members.error]);
}
