import type { Visit } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { formatDayShort } from './calendar-days';
import { visitsApi } from './plans/plans-api';

/** "V-12 · 3 Dec", "Visit · 3 Dec", "V-12". */
export function visitLabel(visit: Pick<Visit, 'reference' | 'date'>): string {
  const name = visit.reference ?? 'Visit';
  return visit.date ? `${name} · ${formatDayShort(visit.date)}` : name;
}

/** The project's live visits, newest date first (nothing until a project is chosen). */
export function useProjectVisits(projectId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'visits'), 'of-project', projectId],
    queryFn: async () =>
      (
        await visitsApi.list({
          filter: { project_id: projectId ?? '', deleted: 'false' },
          sort: '-date',
          page: 'all',
        })
      ).data,
    enabled: projectId !== null,
  });
}

/** One visit, for the job detail (null when the job names none). */
export function useVisit(visitId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'visits'), 'one', visitId],
    queryFn: () => visitsApi.get(visitId ?? ''),
    enabled: visitId !== null,
  });
}
