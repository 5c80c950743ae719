import type { BulkFailure, Level, Site } from '@fieldwork/contract';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../../test/fetch-stub';
import { makeId, makeSite, stamped, TIMESTAMP } from '../../../../../test/fixtures';
import { listOf, noContent, notFound, pathOf } from '../../test/settings-area-kit';
import type { StructureBlock } from '../structure-api';

export { makeSite };

interface StoredLevel extends Level {
  deleted: boolean;
}
interface StoredBlock extends Omit<StructureBlock, 'levels'> {
  deleted: boolean;
}

const required = (field: string) =>
  errorResponse(422, 'Validation Failure', {
    errors: [{ field, message: 'Required', code: 'too_small' }],
  });

/**
 * A small in-memory server of one project's site, blocks and levels, answering the calls of the
 * structure tab as the API does (live levels inside blocks, soft delete, reorder, move), so a
 * screen reloads with what it saved. `inUse` level ids refuse deletion with a reason.
 */
export function structureServer(
  projectId: string,
  site: Site | null,
  { inUse = new Set<string>() }: { inUse?: ReadonlySet<string> } = {},
) {
  const blocks: StoredBlock[] = [];
  const levels: StoredLevel[] = [];
  const sites = new Map(site ? [[site.id, site]] : []);
  const siteOf = (id: string) => sites.get(id) ?? makeSite({ id });

  const present = (block: StoredBlock): StructureBlock => {
    const { deleted: _deleted, ...fields } = block;
    return {
      ...fields,
      levels: levels
        .filter((level) => level.block_id === block.id && !level.deleted)
        .sort((a, b) => a.order - b.order)
        .map(({ deleted: _gone, ...level }) => level),
    };
  };
  const presentLevel = ({ deleted: _deleted, ...level }: StoredLevel): Level => level;

  /** A block (last on its site) with levels; on the project's site unless `onSite` is given. */
  function addBlock(name: string, levelNames: string[] = [], onSite: Site | null = site) {
    const siteId = onSite?.id ?? makeId();
    if (onSite) sites.set(onSite.id, onSite);
    const order = blocks.filter((block) => block.site_id === siteId).length;
    const block: StoredBlock = {
      ...stamped(),
      project_id: projectId,
      site_id: siteId,
      site: siteOf(siteId),
      name,
      order,
      deleted_at: null,
      deleted: false,
    };
    blocks.push(block);
    for (const levelName of levelNames) addLevel(block.id, levelName);
    return block;
  }

  function addLevel(blockId: string, name: string) {
    const order = levels.filter((level) => level.block_id === blockId).length;
    const level: StoredLevel = {
      ...stamped(),
      block_id: blockId,
      name,
      order,
      deleted_at: null,
      deleted: false,
    };
    levels.push(level);
    return level;
  }

  const reorder = <Item extends { id: string; order: number }>(items: Item[], ids: string[]) => {
    ids.forEach((id, index) => {
      const item = items.find((candidate) => candidate.id === id);
      if (item) item.order = index;
    });
    return jsonResponse({ reordered: ids, failed: [] });
  };

  const answer = (call: RecordedCall): Response => {
    const path = pathOf(call);
    const body = (jsonBodyOf(call) ?? {}) as {
      name?: string;
      ids?: string[];
      block_id?: string;
      site_id?: string;
    };
    const ids = body.ids ?? [];
    const [route, query = ''] = path.split('?');
    const params = new URLSearchParams(query);
    const one = /^\/(blocks|levels)\/(\w{24})(?:\/(restore|move))?$/.exec(route ?? '');

    if (call.method === 'GET' && route === `/projects/${projectId}/site`) {
      return jsonResponse({ data: site });
    }
    if (call.method === 'GET' && route === '/blocks') {
      const deleted = params.get('filter[deleted]') === 'true';
      return listOf(
        blocks
          .filter((block) => block.project_id === params.get('filter[project_id]'))
          .filter((block) => block.deleted === deleted)
          .sort((a, b) => a.order - b.order)
          .map(present),
      );
    }
    if (call.method === 'GET' && route === '/levels') {
      const blockIds = (params.get('filter[block_id]') ?? '').split(',');
      const deleted = params.get('filter[deleted]') === 'true';
      return listOf(
        levels
          .filter((level) => blockIds.includes(level.block_id) && level.deleted === deleted)
          .map(presentLevel),
      );
    }
    if (call.method === 'POST' && route === '/blocks') {
      if (!(body.name ?? '').trim()) return required('name');
      const block = addBlock(String(body.name), [], siteOf(String(body.site_id)));
      return jsonResponse({ data: present(block) }, 201);
    }
    if (call.method === 'POST' && route === '/levels') {
      if (!(body.name ?? '').trim()) return required('name');
      return jsonResponse(
        { data: presentLevel(addLevel(String(body.block_id), String(body.name))) },
        201,
      );
    }
    if (call.method === 'POST' && route === '/blocks/reorder') {
      return reorder(blocks, ids);
    }
    if (call.method === 'POST' && route === '/levels/reorder') {
      return reorder(levels, ids);
    }
    if (call.method === 'DELETE' && route === '/levels/delete_many') {
      const deleted: string[] = [];
      const failed: BulkFailure[] = [];
      for (const id of ids) {
        const level = levels.find((item) => item.id === id && !item.deleted);
        if (!level) failed.push({ id, code: 'not_found', reason: 'Level not found.' });
        else if (inUse.has(id)) {
          failed.push({ id, code: 'in_use', reason: 'The level is still used by 2 locations.' });
        } else {
          level.deleted = true;
          level.deleted_at = TIMESTAMP;
          deleted.push(id);
        }
      }
      return jsonResponse({ deleted, failed });
    }
    if (call.method === 'POST' && route === '/levels/restore_many') {
      const restored = ids.filter((id) => {
        const level = levels.find((item) => item.id === id && item.deleted);
        if (level) Object.assign(level, { deleted: false, deleted_at: null });
        return Boolean(level);
      });
      return jsonResponse({ restored, failed: [] });
    }
    if (one?.[1] === 'blocks') {
      const block = blocks.find((item) => item.id === one[2]);
      if (!block) return notFound();
      if (call.method === 'PUT') {
        block.name = String(body.name);
        return jsonResponse({ data: present(block) });
      }
      if (call.method === 'DELETE') {
        Object.assign(block, { deleted: true, deleted_at: TIMESTAMP });
        return noContent();
      }
      if (call.method === 'POST' && one[3] === 'restore') {
        Object.assign(block, { deleted: false, deleted_at: null });
        return jsonResponse({ data: present(block) });
      }
    }
    if (one?.[1] === 'levels') {
      const level = levels.find((item) => item.id === one[2]);
      if (!level) return notFound();
      if (call.method === 'PUT') {
        level.name = String(body.name);
        return jsonResponse({ data: presentLevel(level) });
      }
      if (call.method === 'POST' && one[3] === 'move') {
        const target = String(body.block_id);
        level.order = levels.filter((item) => item.block_id === target).length;
        level.block_id = target;
        return jsonResponse({ data: presentLevel(level) });
      }
    }
    return notFound();
  };

  const liveBlock = (name: string) => {
    const block = blocks.find((item) => item.name === name && !item.deleted);
    if (!block) throw new Error(`no block ${name}`);
    return present(block);
  };

  return { answer, addBlock, addLevel, liveBlock, levels: () => levels.map(presentLevel) };
}
