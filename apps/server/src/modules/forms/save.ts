import { formRecordSchema, formSaveSchema, idSchema, type FormSave } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit, readBeforeImages } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { formPolicy, formsResource, prepareFormWrite } from './forms.resource';
import { saveSections, updateRow } from './sections-save';

const SETTINGS = [
  'name',
  'enforce_required_fields',
  'operative_declaration_required',
  'operative_declaration_text',
  'approval_required',
  'qr_code_capture_enabled',
  'qr_code_capture_required',
  'confirm_location_status_on_submit',
  'location_section',
  'location_status_automation',
] as const;

/** PUT /forms/new/{id}: the form's settings, sections and fields, all or nothing. */
export async function saveWholeForm(ctx: OrganisationContext, formId: string, body: FormSave) {
  const [existing] = await reader(formsResource).findMany(ctx, [formId]);
  if (!existing) throw notFound('Form');
  const before = await readBeforeImages(ctx, 'forms', [formId]);
  const settings = Object.fromEntries(
    SETTINGS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
  );
  await updateRow(ctx, 'forms', formId, await prepareFormWrite(ctx, settings, existing));

  const saved = await saveSections(ctx, formId, body.sections);
  await recordAudit(ctx, 'forms', [formId], 'UPDATE', { ...settings, ...saved }, before);
  const [form] = await reader(formsResource).findMany(ctx, [formId]);
  return form!;
}

export const saveFormRoute = (): RouteDef =>
  route({
    method: 'PUT',
    path: '/forms/new/:id',
    access: 'organisation',
    minRole: formPolicy.update.role,
    tags: ['Form'],
    summary:
      'Save a whole form (settings, sections and fields) in one transaction: items with an id of this form are updated, others created, items left out deleted',
    params: z.object({ id: idSchema }),
    body: formSaveSchema,
    response: z.object({ data: formRecordSchema }),
    handler: async (ctx, { params, body }) => ({ data: await saveWholeForm(ctx, params.id, body) }),
  });
