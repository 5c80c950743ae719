import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/**
 * A mutation that, on success, reloads every query of the given organisation resources (e.g. a
 * member's change of role also changes team member lists): the pattern of api/resource-hooks.
 */
export function useOrganisationMutation<Variables, Result>(
  resources: readonly string[],
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        resources.map((resource) =>
          queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, resource) }),
        ),
      ),
  });
}
