import { stringify } from 'csv-stringify/sync';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { OrganisationContext } from '../http/context';
import type { ImportKind } from './declaration';

/**
 * A signed link to the kind's CSV template: the headers and one example row. The file holds no
 * organisation's data, so one copy per version of the template serves everybody; it is written
 * the first time it is asked for.
 */
export async function templateUrl(
  ctx: OrganisationContext,
  kind: ImportKind,
): Promise<{ url: string }> {
  const csv = stringify(
    [kind.columns.map((column) => column.header), kind.columns.map((column) => column.example)],
    { bom: true },
  );
  const version = createHash('sha256').update(csv).digest('hex').slice(0, 16);
  const key = `import-templates/${kind.kind}-${version}.csv`;
  const existing = await ctx.services.storage.read(key);
  if (existing) existing.destroy();
  else await ctx.services.storage.write(key, Readable.from([csv]));
  return { url: ctx.services.storage.signedUrl(key, { filename: `${kind.kind}_template.csv` }) };
}
