import type { ProjectUpdate } from '@fieldwork/contract';
import type { ProjectDetailsField } from './ProjectDetailsFields';

/** PUT /projects/{id} from the details form: every detail is sent; an emptied one is cleared. */
export function projectUpdateBody(values: Record<ProjectDetailsField, string>): ProjectUpdate {
  const text = (field: ProjectDetailsField) => values[field].trim() || null;
  return {
    name: values.name.trim(),
    reference: text('reference'),
    client_id: values.client_id || null,
    package: text('package'),
    developer: text('developer'),
    site_address: text('site_address'),
  };
}
