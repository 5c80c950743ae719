import {
  projectTemplateCreateSchema,
  projectTemplateDuplicateSchema,
  projectTemplateSchema,
  projectTemplateUpdateSchema,
} from '@fieldwork/contract';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  type Policy,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { configurationExpansions } from './configuration';
import { PROJECT_SETTINGS_FIELDS } from './projects.resource';
import { duplicateOwner } from './duplicate';
import { configureCreated, settingsToWrite } from './sources';

const PROJECT_COUNT = `(SELECT count(*)::int FROM projects p
  WHERE p.organisation_id = t.organisation_id AND p.project_template_id = t.id AND p.deleted_at IS NULL)`;

/**
 * Who may change a project template (action × role, no record rules: a template belongs to the
 * organisation, not to a project's people). Records carry it as their `permissions`; the
 * duplicate route takes its role from here.
 */
export const projectTemplatePolicy = {
  update: { role: 'MANAGER' },
  archive: { role: 'MANAGER' },
  duplicate: { role: 'MANAGER' },
  delete: { role: 'MANAGER' },
} as const satisfies Policy;

/** Project templates: a project's settings and configuration lists, ready to start projects from. */
export const projectTemplatesResource: ResourceDeclaration = defineResource({
  name: 'project_templates',
  label: 'Project template',
  table: 'project_templates',
  record: projectTemplateSchema,
  create: projectTemplateCreateSchema,
  update: projectTemplateUpdateSchema,
  fields: {
    name: { type: 'text', filter: true, sort: true },
    description: { type: 'text' },
    item_mode: { type: 'text', filter: true },
    multi_site: { type: 'boolean' },
    ...PROJECT_SETTINGS_FIELDS,
    archived_at: { type: 'timestamp', sort: true },
    project_count: { type: 'integer', sql: PROJECT_COUNT, sort: true },
  },
  search: ['name'],
  expand: configurationExpansions('project_template_id'),
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS, 'create_many', 'duplicate', 'duplicate_many'],
  archivable: true,
  // A copy takes the settings and configuration lists (forms, stages, attributes …).
  copy: {
    body: projectTemplateDuplicateSchema,
    async rows(ctx, ids, body) {
      const copies = new Map<string, string>();
      for (const id of ids) {
        const from = { column: 'project_template_id' as const, id };
        const copy = await duplicateOwner(ctx, from, body);
        if (copy) copies.set(id, copy);
      }
      return copies;
    },
  },
  access: { read: 'OPERATIVE', write: projectTemplatePolicy.update.role },
  policy: projectTemplatePolicy,
  rules: {
    beforeWrite: settingsToWrite,
    afterInsert: (ctx, created) => configureCreated(ctx, 'project_template_id', created),
  },
});
