import { jobSheetCreateSchema, jobSheetSchema, jobSheetUpdateSchema } from '@fieldwork/contract';
import {
  CRUD_VERBS,
  belongsTo,
  defineResource,
  userRef,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { jobsResource } from '../jobs';
import { projectsResource } from '../projects';
import { jobSheetPolicy, jobSheetVisibility } from './access';
import { jobSheetActions } from './actions';
import { jobSheetFilters } from './filters';
import { sheetFormExpansion } from './sheet-form';
import { jobSheetRules } from './write-rules';

const JOB_NUMBER = `(SELECT j.number FROM jobs j WHERE j.organisation_id = t.organisation_id AND j.id = t.job_id)`;
const CLIENT_ID = `(SELECT p.client_id FROM projects p
  WHERE p.organisation_id = t.organisation_id AND p.id = t.project_id)`;
const FORM_NAME = `(SELECT f.name FROM forms f WHERE f.organisation_id = t.organisation_id AND f.id = t.form_id)`;
const PHOTO_COUNT = `(SELECT count(*)::int FROM job_sheet_photos p
  WHERE p.organisation_id = t.organisation_id AND p.job_sheet_id = t.id)`;
const OPERATIVE_NAME = `(SELECT u.name FROM users u WHERE u.id = t.operative_id)`;

/**
 * Job sheets (field-work §3, §4; docs/job-sheets.md for the lifecycle and approvals): their
 * table and rules, the parent their photos, materials and decisions name. job-sheets.resource.ts
 * adds those children and the answers (the children cannot import it back).
 */
export const jobSheetBase: ResourceDeclaration = defineResource({
  name: 'job_sheets',
  label: 'Job sheet',
  table: 'job_sheets',
  record: jobSheetSchema,
  create: jobSheetCreateSchema,
  update: jobSheetUpdateSchema,
  fields: {
    number: { type: 'integer', filter: true, sort: true },
    seq_number: { type: 'integer', sort: true },
    job_id: { type: 'id', filter: true },
    job_number: { type: 'integer', sql: JOB_NUMBER },
    client_id: { type: 'id', sql: CLIENT_ID, filter: true },
    project_id: { type: 'id', filter: true },
    site_id: { type: 'id', filter: true },
    operative_id: { type: 'id', filter: true },
    operative_name: { type: 'text', sql: OPERATIVE_NAME },
    form_id: { type: 'id', filter: true },
    form_name: { type: 'text', sql: FORM_NAME },
    project_form_id: { type: 'id' },
    location_id: { type: 'id', filter: true },
    location_number: { type: 'integer', filter: true, sort: true },
    location_status_id: { type: 'id', filter: true },
    status: { type: 'text', filter: true, sort: true },
    operative_declaration_accepted_at: { type: 'timestamp' },
    cancelled_at: { type: 'timestamp', sort: true },
    submitted_at: { type: 'timestamp', sort: true },
    approved_at: { type: 'timestamp', sort: true },
    rejected_at: { type: 'timestamp', sort: true },
    approval_required: { type: 'boolean', filter: true },
    current_approval_stage_id: { type: 'id', filter: true },
    approval_batch: { type: 'integer', filter: true, sort: true },
    rates: { type: 'json' },
    photo_count: { type: 'integer', sql: PHOTO_COUNT, sum: true },
  },
  filters: jobSheetFilters,
  expand: {
    job: belongsTo(() => jobsResource, 'job_id'),
    project: belongsTo(() => projectsResource, 'project_id'),
    form: sheetFormExpansion,
    operative: userRef('operative_id'),
  },
  visibility: jobSheetVisibility,
  defaultSort: '-number',
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many'],
  forceDelete: true,
  access: {
    read: 'GUEST',
    write: 'OPERATIVE',
    forceDelete: 'MANAGER',
    note: 'operatives see their own sheets, their jobs’ sheets and sheets at a stage they approve; guests the sheets of their projects',
  },
  actions: jobSheetActions,
  policy: jobSheetPolicy,
  rules: jobSheetRules,
});
