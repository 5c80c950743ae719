import type { OrganisationContext } from '../../platform/http/context';

interface Refusal {
  reason: string;
  code: string;
}

/**
 * The documents' move plan step (field-work §8): per item, why it may not go into the target
 * folder (null: the project's root): a missing target, another project's folder, a folder into
 * itself or into its own descendant, or a name used there already. The others move.
 */
export async function planDocumentMove(
  ctx: OrganisationContext,
  ids: string[],
  folderId: string | null,
): Promise<Map<string, Refusal>> {
  const refusals = new Map<string, Refusal>();
  if (!ids.length) return refusals;
  const { rows: items } = await ctx.db.query<{
    id: string;
    name: string;
    is_folder: boolean;
    project_id: string;
  }>(
    `SELECT id, name, is_folder, project_id FROM document_folders
      WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  let target: { project_id: string; ancestors: string[] } | null = null;
  if (folderId !== null) {
    const { rows } = await ctx.db.query<{ project_id: string; ancestors: string[] }>(
      `WITH RECURSIVE up (id, folder_id, depth) AS (
         SELECT id, folder_id, 0 FROM document_folders WHERE organisation_id = $1 AND id = $2
         UNION ALL
         SELECT d.id, d.folder_id, up.depth + 1 FROM document_folders d
           JOIN up ON d.organisation_id = $1 AND d.id = up.folder_id WHERE up.depth < 200)
       SELECT f.project_id, (SELECT array_agg(id) FROM up) AS ancestors
         FROM document_folders f
        WHERE f.organisation_id = $1 AND f.id = $2 AND f.is_folder AND f.project_id IS NOT NULL`,
      [ctx.organisationId, folderId],
    );
    target = rows[0] ?? null;
    if (!target) {
      for (const item of items)
        refusals.set(item.id, {
          reason: 'The target folder was not found.',
          code: 'target_missing',
        });
      return refusals;
    }
  }
  // Names already used in the target, folders and files apart (the moving items excluded).
  const projectIds = [...new Set(items.map((item) => item.project_id))];
  const { rows: siblings } = await ctx.db.query<{ name: string; is_folder: boolean }>(
    `SELECT lower(name) AS name, is_folder FROM document_folders
      WHERE organisation_id = $1 AND project_id = ANY($2::text[])
        AND folder_id IS NOT DISTINCT FROM $3 AND NOT (id = ANY($4::text[]))`,
    [ctx.organisationId, projectIds, folderId, ids],
  );
  const taken = new Set(siblings.map((row) => `${row.is_folder}:${row.name}`));
  for (const item of items) {
    const kind = item.is_folder ? 'folder' : 'file';
    const key = `${item.is_folder}:${item.name.toLowerCase()}`;
    if (target && target.project_id !== item.project_id) {
      refusals.set(item.id, {
        reason: 'The target folder is in another project.',
        code: 'other_project',
      });
    } else if (folderId === item.id) {
      refusals.set(item.id, {
        reason: 'A folder cannot be moved into itself.',
        code: 'into_itself',
      });
    } else if (target?.ancestors.includes(item.id)) {
      refusals.set(item.id, {
        reason: `The folder ${item.name} cannot be moved into its own subfolder.`,
        code: 'into_descendant',
      });
    } else if (taken.has(key)) {
      refusals.set(item.id, {
        reason: `A ${kind} called ${item.name} is already there.`,
        code: 'name_clash',
      });
    } else {
      taken.add(key);
    }
  }
  return refusals;
}
