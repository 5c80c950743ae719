import type { Block, BulkFailure, Level, Site } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { resourceApi } from '../../../../api/resource';
import type { ReorderAnswer } from '../../../../api/resource';
import { resourceQueryKey } from '../../../../api/resource-hooks';
import { useSession } from '../../../../session/use-session';
import { notifyFailure } from '../../../../ui/feedback/notify';
import { inOrder } from '../../../../ui/sortable/reorder';

/**
 * A project's site structure: its blocks (each with its live levels, in order) and levels, over
 * the generic calls of /blocks and /levels (docs/sites-and-projects.md "Block and level").
 */

/** A block as the structure tab reads it: with its site expanded (a project may span sites). */
export type StructureBlock = Block & { site?: Site | null };

const blocksApi = resourceApi<
  StructureBlock,
  { project_id: string; site_id: string; name: string }
>('blocks');
const levelsApi = resourceApi<Level, { block_id: string; name: string }>('levels');
const projects = resourceApi<never, never>('projects');

export const structureApi = {
  /** GET /projects/{id}/site: the project's site, or null. */
  projectSite: (projectId: string) => projects.getPart<Site | null>(projectId, 'site'),
  /** The project's blocks, live or deleted, whole (page=all), in their order. */
  blocks: (projectId: string, deleted: boolean) =>
    blocksApi.all({
      filter: { project_id: projectId, deleted: String(deleted) },
      expand: ['site'],
      sort: 'order',
    }),
  /** Deleted levels of the given blocks (ids sent in chunks, so the address stays short). */
  deletedLevels: async (blockIds: readonly string[]) => {
    const chunks: string[][] = [];
    for (let start = 0; start < blockIds.length; start += 100) {
      chunks.push(blockIds.slice(start, start + 100));
    }
    const answers = await Promise.all(
      chunks.map((ids) =>
        levelsApi.all({ filter: { block_id: ids, deleted: 'true' }, sort: 'order' }),
      ),
    );
    return answers.flat();
  },
  createBlock: (input: { project_id: string; site_id: string; name: string }): Promise<Block> =>
    blocksApi.create(input),
  renameBlock: (id: string, name: string): Promise<Block> => blocksApi.update(id, { name }),
  deleteBlock: (id: string) => blocksApi.remove(id),
  restoreBlock: (id: string) => blocksApi.act(id, 'restore'),
  reorderBlocks: (ids: string[]) => blocksApi.reorder(ids),
  createLevel: (input: { block_id: string; name: string }) => levelsApi.create(input),
  renameLevel: (id: string, name: string) => levelsApi.update(id, { name }),
  /** DELETE /levels/delete_many: levels still in use stay, each with the reason. */
  deleteLevels: (ids: string[]) =>
    levelsApi.actOn<{ deleted: string[]; failed: BulkFailure[] }>(
      'delete_many',
      { ids },
      { method: 'delete' },
    ),
  restoreLevels: (ids: string[]) =>
    levelsApi.actOn<{ restored: string[]; failed: BulkFailure[] }>('restore_many', { ids }),
  reorderLevels: (ids: string[]) => levelsApi.reorder(ids),
  moveLevel: (id: string, blockId: string) => levelsApi.act(id, 'move', { block_id: blockId }),
};

/** Blocks, levels and the project (its block count, its site) change together. */
const AFFECTED = ['blocks', 'levels', 'projects'] as const;

function useKeys(projectId: string) {
  const { organisationId } = useSession();
  return {
    site: [...resourceQueryKey(organisationId, 'projects'), projectId, 'site'] as const,
    blocks: (deleted: boolean) =>
      [...resourceQueryKey(organisationId, 'blocks'), 'project', projectId, { deleted }] as const,
    deletedLevels: (blockIds: readonly string[]) =>
      [...resourceQueryKey(organisationId, 'levels'), 'deleted', blockIds] as const,
    affected: AFFECTED.map((resource) => resourceQueryKey(organisationId, resource)),
  };
}

export function useProjectSite(projectId: string) {
  return useQuery({
    queryKey: useKeys(projectId).site,
    queryFn: () => structureApi.projectSite(projectId),
  });
}

export function useProjectBlocks(projectId: string, { deleted = false, enabled = true } = {}) {
  return useQuery({
    queryKey: useKeys(projectId).blocks(deleted),
    queryFn: () => structureApi.blocks(projectId, deleted),
    enabled,
  });
}

export function useDeletedLevels(projectId: string, blockIds: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: useKeys(projectId).deletedLevels(blockIds),
    queryFn: () => structureApi.deletedLevels(blockIds),
    enabled: enabled && blockIds.length > 0,
  });
}

/** A change to the structure; afterwards every blocks, levels and projects query reloads. */
export function useStructureMutation<Variables, Result>(
  projectId: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  const { affected } = useKeys(projectId);
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Reloads every blocks, levels and projects query (after an import). */
export function useInvalidateStructure(projectId: string) {
  const queryClient = useQueryClient();
  const { affected } = useKeys(projectId);
  return () => Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Throws the first refusal of a reorder answer, so it rolls back like an error. */
async function reordered(pending: Promise<ReorderAnswer>) {
  const answer = await pending;
  const failure = answer.failed[0];
  if (failure) throw new Error(failure.reason);
  return answer;
}

/**
 * Saves a new order optimistically (blocks, or the levels of one block): the list shows it at
 * once, and the old order comes back with a notification when the server refuses.
 */
function useOptimisticOrder<Variables>(
  key: QueryKey,
  send: (variables: Variables) => Promise<ReorderAnswer>,
  apply: (blocks: StructureBlock[], variables: Variables) => StructureBlock[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => reordered(send(variables)),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StructureBlock[]>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, variables));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyFailure('The new order was not saved', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useReorderBlocks(projectId: string) {
  return useOptimisticOrder(
    useKeys(projectId).blocks(false),
    (ids: string[]) => structureApi.reorderBlocks(ids),
    (blocks, ids) => inOrder(blocks, ids),
  );
}

export function useReorderLevels(projectId: string) {
  return useOptimisticOrder(
    useKeys(projectId).blocks(false),
    ({ ids }: { blockId: string; ids: string[] }) => structureApi.reorderLevels(ids),
    (blocks, { blockId, ids }) =>
      blocks.map((block) =>
        block.id === blockId ? { ...block, levels: inOrder(block.levels, ids) } : block,
      ),
  );
}

/** "1 level", "3 levels"; "1 block", "2 blocks". */
export const levelCount = (count: number) => `${count} level${count === 1 ? '' : 's'}`;
export const blockCount = (count: number) => `${count} block${count === 1 ? '' : 's'}`;
