import {
  MATERIAL_INPUT_FIELDS,
  MATERIAL_MEASURES,
  jobSheetMaterialCreateSchema,
  jobSheetMaterialSchema,
  jobSheetMaterialUpdateSchema,
  type FieldError,
  type MaterialInputTypeKey,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  CRUD_VERBS,
  defineResource,
  parentRecord,
  reader,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
import { repriceSheets } from '../materials';
import { frozenChildLock, managesAll } from './access';
import { jobSheetBase } from './sheet-base';

const measureFields = Object.fromEntries(
  MATERIAL_MEASURES.map((name) => [name, { type: 'number' as const, sum: true }]),
);

/** The sheet must be one the caller sees and may still change (before submission). */
async function checkSheet(ctx: OrganisationContext, sheetId: string) {
  const [sheet] = await reader(jobSheetBase).findMany(ctx, [sheetId]);
  const fail = (message: string, code: string) =>
    validationFailure([{ field: 'job_sheet_id', message, code }]);
  if (!sheet) throw fail('Job sheet not found.', 'not_found');
  if (sheet.status !== 'IN_PROGRESS' && sheet.status !== 'REJECTED')
    throw fail(
      `A job sheet that is ${String(sheet.status)} cannot be changed.`,
      'not_allowed_from_status',
    );
  if (!managesAll(ctx) && sheet.operative_id !== ctx.user.id)
    throw fail('Only the sheet’s operative (or a manager) may change it.', 'not_permitted');
}

/** The measures the input type asks for, all given; no others. */
function checkMeasures(values: Record<string, unknown>) {
  const wanted = new Set<string>(
    MATERIAL_INPUT_FIELDS[values.material_input_type_key as MaterialInputTypeKey],
  );
  const errors: FieldError[] = [];
  for (const measure of MATERIAL_MEASURES) {
    const given = values[measure] !== undefined && values[measure] !== null;
    if (wanted.has(measure) && !given)
      errors.push({ field: measure, message: 'Required for this input type.', code: 'required' });
    if (!wanted.has(measure) && given)
      errors.push({
        field: measure,
        message: 'Not a measure of this input type.',
        code: 'not_allowed',
      });
  }
  if (errors.length) throw validationFailure(errors);
}

async function materialOf(ctx: OrganisationContext, materialId: string) {
  const { rows } = await ctx.db.query<{ name: string; input_type_key: MaterialInputTypeKey }>(
    `SELECT name, input_type_key FROM materials WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, materialId],
  );
  return rows[0] ?? null;
}

/**
 * A material of the organisation gives its input type (a client's key must agree with it); a
 * material typed on the sheet by name only must say its input type.
 */
async function inputTypeOf(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
) {
  const next: Record<string, unknown> = {};
  const given = values.material_input_type_key;
  if (typeof values.material_id === 'string') {
    const material = await materialOf(ctx, values.material_id);
    if (!material)
      throw validationFailure([
        { field: 'material_id', message: 'Material not found.', code: 'not_found' },
      ]);
    if (given !== undefined && given !== material.input_type_key)
      throw validationFailure([
        {
          field: 'material_input_type_key',
          message: `The material's input type is ${material.input_type_key}; it cannot be changed here.`,
          code: 'not_allowed',
        },
      ]);
    next.material_input_type_key = material.input_type_key;
    if (!values.material_name) next.material_name = material.name;
  } else if (
    given !== undefined &&
    existing?.material_id &&
    values.material_id === undefined &&
    given !== existing.material_input_type_key
  ) {
    throw validationFailure([
      {
        field: 'material_input_type_key',
        message: "The input type is the material's own; it cannot be changed here.",
        code: 'not_allowed',
      },
    ]);
  } else if (given === undefined && !existing) {
    throw validationFailure([
      {
        field: 'material_input_type_key',
        message: 'Required when no material_id names the material.',
        code: 'required',
      },
    ]);
  }
  return next;
}

async function prepare(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
) {
  // A new material's sheet is checked here; an existing one's by the policy (rule and lock).
  if (!existing) await checkSheet(ctx, String(values.job_sheet_id));
  const next: Record<string, unknown> = {
    ...values,
    ...(await inputTypeOf(ctx, values, existing)),
  };
  const merged = { ...existing, ...next };
  const typeChanged =
    existing &&
    next.material_input_type_key !== undefined &&
    next.material_input_type_key !== existing.material_input_type_key;
  if (typeChanged)
    // A new input type drops the measures it does not use.
    for (const measure of MATERIAL_MEASURES)
      if (values[measure] === undefined) {
        merged[measure] = null;
        next[measure] = null;
      }
  checkMeasures(merged);
  if (!next.material_name && !existing)
    throw validationFailure([
      {
        field: 'material_name',
        message: 'Name the material, or give material_id.',
        code: 'required',
      },
    ]);
  return next;
}

/** The sheet's update rule (inherited from the parent) says whose sheets. */
const ownSheet = () => 'true';

/**
 * Materials used on a job sheet (field-work §3 Job sheet material): the input type is the
 * material's; each is priced when written and when its project's rates are recalculated.
 */
export const jobSheetMaterialsResource: ResourceDeclaration = defineResource({
  name: 'job_sheet_materials',
  label: 'Job sheet material',
  table: 'job_sheet_materials',
  record: jobSheetMaterialSchema,
  create: jobSheetMaterialCreateSchema,
  update: jobSheetMaterialUpdateSchema,
  fields: {
    job_sheet_id: { type: 'id', filter: true },
    material_id: { type: 'id', filter: true },
    material_name: { type: 'text', filter: true, sort: true },
    material_input_type_key: { type: 'text', filter: true },
    ...measureFields,
    rates: { type: 'json' },
    price: { type: 'integer', sort: true, sum: true },
    order: { type: 'integer', sort: true },
  },
  references: {
    job_sheet_id: { table: 'job_sheets', label: 'Job sheet' },
    material_id: { table: 'materials', label: 'Material' },
  },
  parent: parentRecord(() => jobSheetBase, 'job_sheet_id'),
  order: { column: 'order', groupBy: ['job_sheet_id'] },
  defaultSort: 'order',
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many', 'reorder'],
  access: {
    read: 'GUEST',
    write: 'OPERATIVE',
    note: 'as their job sheet: operatives only on their own sheets before submission',
  },
  policy: {
    update: {
      role: 'MANAGER',
      rule: { role: 'OPERATIVE', note: 'only on their own sheets', sql: ownSheet },
      lock: frozenChildLock('materials'),
    },
    delete: {
      role: 'MANAGER',
      rule: { role: 'OPERATIVE', note: 'only on their own sheets', sql: ownSheet },
      lock: frozenChildLock('materials'),
    },
  },
  rules: {
    beforeWrite: prepare,
    // Priced as written: the sheet's materials and its totals (docs/pricing.md).
    async afterInsert(ctx, created) {
      await repriceSheets(ctx, [
        ...new Set(created.map(({ input }) => String(input.job_sheet_id))),
      ]);
    },
    async afterUpdate(ctx, existing) {
      await repriceSheets(ctx, [String(existing.job_sheet_id)]);
    },
    async afterDelete(ctx, _ids, before) {
      await repriceSheets(ctx, [...new Set(before.map((row) => String(row.job_sheet_id)))]);
    },
  },
});
