import { buildSchema, type Build, type BuildAnswer } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { followBuild } from './follow-build';
import { notifyBuildFinished } from './notify-build';

const buildsApi = resourceApi<unknown, never>('builds');

/** Builds followed in this tab (a second start of the same build does not poll twice). */
const followed = new Set<string>();

/**
 * Starts a build with `start` (e.g. POST /exports/clients_csv, answering `{url, build}`) and
 * follows it with GET /builds/{id}, backing off, until it is ready, failed or expired. The
 * following goes on when the component unmounts: a notification then offers the file (or says
 * why it failed) to a user who has moved on (`isWatched` false). `start` again asks for a new build ("Try again").
 */
export function useBuild(
  start: () => Promise<BuildAnswer>,
  {
    isWatched = () => false,
  }: {
    /** Whether the user is looking at the build right now (then no notification is needed). */
    isWatched?: () => boolean;
  } = {},
) {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<BuildAnswer | null>(null);
  const keyOf = (id: string | undefined) => [
    ...resourceQueryKey(organisationId, 'builds'),
    id ?? null,
  ];
  const fetchBuild = async (id: string) => buildSchema.parse(await buildsApi.get(id));

  const begin = useMutation({
    mutationFn: start,
    onSuccess: (next) => {
      setAnswer(next);
      const key = keyOf(next.build.id);
      queryClient.setQueryData(key, next.build);
      if (followed.has(next.build.id)) return;
      followed.add(next.build.id);
      void followBuild(next.build, {
        fetchBuild,
        onUpdate: (build) => queryClient.setQueryData(key, build),
      }).then((last) => {
        followed.delete(next.build.id);
        if (!isWatched()) notifyBuildFinished(last);
      });
    },
  });

  const current = useQuery({
    queryKey: keyOf(answer?.build.id),
    queryFn: () => fetchBuild(answer?.build.id ?? ''),
    enabled: false,
  });
  const build: Build | null = current.data ?? answer?.build ?? null;

  return {
    build,
    /** The signed link to the file: it answers 202 while building, then the file. */
    url: answer?.url ?? null,
    start: () => begin.mutate(),
    starting: begin.isPending,
    /** Why the build could not be asked for (the request itself failed). */
    startError: begin.error,
  };
}

export type BuildFollower = ReturnType<typeof useBuild>;
