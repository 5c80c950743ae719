import type { ActionDeclaration, ActionRefusal } from '../../platform/resource-kit';
import { copySections } from '../forms';

/**
 * Syncs one project's (or template's) copy of a form from its library form (field-work §7
 * "forms (with sync)"): the copy takes the library form's current name, sections and fields;
 * rows matched by their source keep their ids, so job sheet values naming a copied field still
 * do. `PUT /projects/{projectId}/forms/{id}/sync` (and `sync_many`); the whole list is
 * `POST …/forms/sync`.
 */
export const formSyncAction: ActionDeclaration = {
  name: 'sync',
  methods: ['PUT', 'POST'],
  manyMethods: ['PUT', 'POST'],
  past: 'synced',
  audit: 'SYNC_FORMS',
  summary:
    'Sync one copy of a form from its library form: its name, sections and fields (matched rows keep their ids)',
  setsSql: {
    name: `(SELECT f.name FROM forms f WHERE f.organisation_id = t.organisation_id AND f.id = t.form_id)`,
    synced_at: 'now()',
  },
  wrongStatus: 422,
  // A copy whose library form is gone has nothing to sync from.
  async validate(ctx, rows) {
    const ids = rows.map((row) => String(row.form_id));
    const { rows: found } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM forms WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [ctx.organisationId, ids],
    );
    const live = new Set(found.map((row) => row.id));
    return new Map<string, ActionRefusal>(
      rows
        .filter((row) => !live.has(String(row.form_id)))
        .map((row) => [
          row.id,
          {
            reason: 'This copy has no library form to sync from; add the form again instead.',
            field: 'form_id',
          },
        ]),
    );
  },
  async after(ctx, ids) {
    const { rows } = await ctx.db.query<{ id: string; form_id: string }>(
      `SELECT id, form_id FROM project_forms WHERE organisation_id = $1 AND id = ANY($2::text[])`,
      [ctx.organisationId, ids],
    );
    for (const copy of rows)
      await copySections(ctx, copy.form_id, { project_form_id: copy.id }, true);
  },
};
