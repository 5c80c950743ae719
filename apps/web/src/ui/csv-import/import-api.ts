import type { ImportAnswer, ImportSummary } from '@fieldwork/contract';
import { resourceApi } from '../../api/resource';

/** /import_file/{kind}: one kind of CSV import (summary, import, template_url). */
const importApi = (kind: string) => resourceApi<never, never>(kind, { parent: '/import_file' });

/** The multipart body of an import call: the CSV as `file`, and the kind's options as fields. */
function form(file: File, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  return body;
}

/** POST /import_file/{kind}/summary */
export const summariseImport = (kind: string, file: File, fields: Record<string, string> = {}) =>
  importApi(kind).actOn<ImportSummary>('summary', form(file, fields));

/** POST /import_file/{kind}/import: imported (201), or a large file queued (202, a task to poll). */
export const runImport = (kind: string, file: File, fields: Record<string, string> = {}) =>
  importApi(kind).actOn<ImportAnswer>('import', form(file, fields));

/**
 * GET /import_file/{kind}/template_url (or another file of the kind, such as materials_csv's
 * input_types_url), then the browser downloads it.
 */
export async function downloadTemplate(
  kind: string,
  file: { path: string; filename: string } = {
    path: 'template_url',
    filename: `${kind}_template.csv`,
  },
) {
  const { url } = await importApi(kind).overview<{ url: string }>(file.path);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
}
