import {
  specificationCreateSchema,
  specificationSchema,
  specificationUpdateSchema,
} from '@fieldwork/contract';
import { CRUD_VERBS, defineResource, type ResourceDeclaration } from '../../platform/resource-kit';
import { pricedFields, pricedRules, type PricedKind } from './priced';
import { removeSubjectValues } from './subject-values';

const SPECIFICATION: PricedKind = {
  subject: 'SPECIFICATION',
  table: 'specifications',
  materials: { table: 'specification_materials', column: 'specification_id' },
  locationColumn: 'specification_id',
};

const rules = pricedRules(SPECIFICATION);

/**
 * Specifications (field-work §3: the same shape as a zone): what is installed at a location,
 * priced by its items. Deleted outright; their locations keep no specification.
 */
export const specificationsResource: ResourceDeclaration = defineResource({
  name: 'specifications',
  label: 'Specification',
  table: 'specifications',
  record: specificationSchema,
  create: specificationCreateSchema,
  update: specificationUpdateSchema,
  fields: pricedFields(SPECIFICATION),
  references: { project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' } },
  search: ['name', 'code'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many', 'duplicate', 'duplicate_many'],
  copy: { columns: ['project_id', 'code', 'name', 'price', 'price_items'] },
  files: { column: 'attachments', field: 'files', max: 50 },
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    ...rules,
    afterDelete: async (ctx, ids) => {
      await removeSubjectValues(ctx, 'SPECIFICATION', ids);
    },
  },
});
