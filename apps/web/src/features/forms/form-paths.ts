import { libraryPath } from '../../app/library-paths';

/** /organisations/{slug}/library/forms/{formId}: the library form detail (the builder). */
export const formPath = (slug: string, formId: string) =>
  libraryPath(slug, `forms/${encodeURIComponent(formId)}`);
