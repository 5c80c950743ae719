import { libraryPath } from '../../app/library-paths';

/** /organisations/{slug}/library/forms/{formId}: the library form detail (the builder). */
export const formPath = (slug: string, formId: string) =>
  libraryPath(slug, `forms/${encodeURIComponent(formId)}`);

/** The builder's address for a form not created yet (created on its first save). */
export const NEW_FORM = 'new';
