import type { FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import type { OwnerColumn } from './configuration';

interface CustomEntry {
  location_attribute_id: string;
  required: boolean;
}

const FIELD = 'location_attributes_custom_config';

/**
 * A project or template form's location attributes: a CUSTOM location_section lists attributes of
 * the same project or template, each once; any other section takes no list. Answers the list to
 * store (as jsonb text), or undefined when neither is changed. A 422 names each bad entry.
 */
export async function checkedCustomConfig(
  ctx: OrganisationContext,
  owner: OwnerColumn,
  ownerId: string,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Promise<string | undefined> {
  const given = values[FIELD] as CustomEntry[] | undefined;
  if (given === undefined && values.location_section === undefined) return undefined;
  const section = (values.location_section ?? existing?.location_section ?? 'NONE') as string;
  const entries =
    given ?? (section === 'CUSTOM' ? ((existing?.[FIELD] ?? []) as CustomEntry[]) : []);
  if (section !== 'CUSTOM' && entries.length) {
    throw validationFailure([
      {
        field: FIELD,
        message: 'Only a CUSTOM location_section lists its location attributes.',
        code: 'invalid',
      },
    ]);
  }
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM location_attributes
      WHERE organisation_id = $1 AND ${owner} = $2 AND id = ANY($3::text[])`,
    [ctx.organisationId, ownerId, entries.map((entry) => entry.location_attribute_id)],
  );
  const found = new Set(rows.map((row) => row.id));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  entries.forEach((entry, index) => {
    const field = `${FIELD}.${index}.location_attribute_id`;
    if (!found.has(entry.location_attribute_id))
      errors.push({
        field,
        message: 'Must be a location attribute of this project.',
        code: 'not_found',
      });
    else if (seen.has(entry.location_attribute_id))
      errors.push({ field, message: 'This attribute is listed twice.', code: 'duplicate' });
    seen.add(entry.location_attribute_id);
  });
  if (errors.length) throw validationFailure(errors);
  return JSON.stringify(entries);
}
