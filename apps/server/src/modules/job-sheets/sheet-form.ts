import { belongsTo, type Expansion, type Row } from '../../platform/resource-kit';
import { formCopySections, formsResource } from '../forms';

const libraryForm = belongsTo(() => formsResource, 'form_id');

/** The library form's own sections (with their fields), as GET /forms/{id} answers them. */
function librarySections() {
  const sections = formsResource.children?.['sections'];
  if (!sections) throw new Error('forms declare their sections as children');
  return sections;
}

/**
 * expand[]=form: the form a sheet fills in, as GET /forms/{id} serves it (the library form's
 * settings: declaration, approvals, enforce_required_fields), its `sections` with their fields
 * being those the sheet's answers belong to: the project's copy when the sheet fills one in
 * (project_form_id), else the library form's (a form added to a project without a synced copy
 * of its fields). Up to six queries per page.
 */
export const sheetFormExpansion: Expansion = {
  async load(ctx, rows) {
    const formOf = await libraryForm.load(ctx, rows);
    const copyIds = [
      ...new Set(rows.map((row) => row.project_form_id).filter((id) => typeof id === 'string')),
    ];
    const { rows: copies } = copyIds.length
      ? await ctx.db.query<Row>(
          `SELECT t.id FROM project_forms t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])`,
          [ctx.organisationId, copyIds],
        )
      : { rows: [] };
    const sectionsOfCopy = await formCopySections.load(ctx, copies);
    const sectionsOf = new Map(copies.map((copy) => [copy.id, sectionsOfCopy(copy)]));
    const libraryIds = [
      ...new Set(
        rows
          .filter((row) => !sectionsOf.has(row.project_form_id as string))
          .map((row) => row.form_id)
          .filter((id): id is string => typeof id === 'string'),
      ),
    ];
    const sectionsOfLibrary = libraryIds.length
      ? await librarySections().load(
          ctx,
          libraryIds.map((id) => ({ id })),
        )
      : () => [];
    return (row) => {
      const form = formOf(row) as Record<string, unknown> | null;
      if (!form) return form;
      const sections =
        sectionsOf.get(row.project_form_id as string) ??
        sectionsOfLibrary({ id: row.form_id as string });
      return { ...form, sections };
    };
  },
};
