import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { formsResource } from './forms.resource';
import { formMoveRoutes } from './move';
import { saveFormRoute } from './save';
import { formSectionFieldsResource } from './section-fields.resource';
import { formSectionsResource } from './sections.resource';

/** Library forms with their nested sections and fields (field-work §3 Forms, §7). */
export const formRoutes = (): RouteDef[] => [
  saveFormRoute(),
  ...formMoveRoutes(),
  ...resourceRoutes(formsResource),
  ...resourceRoutes(formSectionsResource),
  ...resourceRoutes(formFieldsResource),
  ...resourceRoutes(formSectionFieldsResource),
];
