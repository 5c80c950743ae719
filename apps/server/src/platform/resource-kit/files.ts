import { validationFailure } from '../errors';
import type { OrganisationContext } from '../http/context';
import { uploadedFilesSchema, type UploadedFile } from '../http/multipart';
import { newId } from '../ids';
import { SNIFFED_TYPES, SNIFF_HEAD_BYTES, headOf, sniffType } from '../uploads/sniff';
import type { ResourceDeclaration, Row } from './declaration';
import { quote } from './sql';

/** One file a record holds, as stored in the declared jsonb column. */
export interface StoredFile {
  id: string;
  name: string;
  size: number;
  content_type: string;
  /** Storage key; never leaves the server (answers carry a signed url instead). */
  key: string;
}

const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/**
 * A resource's declared files (e.g. a qualification's attachments): multipart bodies on create
 * and update, files kept in one jsonb column, signed links in answers, and storage cleaned up only
 * after the transaction commits, so a rolled-back request never loses a file.
 */
export function fileKit(declaration: ResourceDeclaration) {
  const files = declaration.files;
  if (!files) return null;
  const { column, field, max } = files;
  /** "attachments" → "Attachment", for messages and the removal's audit entry. */
  const label = files.label ?? capitalised(column.replace(/s$/, ''));
  const param = files.param ?? `${label.toLowerCase()}Id`;
  const held = (row: Row | Record<string, unknown>) => (row[column] ?? []) as StoredFile[];

  /**
   * The declared types' check: each file's type read from its bytes, a 422 naming the field
   * when one is not accepted; answers the types found, by storage key.
   */
  async function checkTypes(ctx: OrganisationContext, uploads: UploadedFile[]) {
    const found = new Map<string, string>();
    if (!files?.accept) return found;
    for (const file of uploads) {
      const head = await headOf(ctx.services.storage, file.key);
      const type = await sniffType(head, file.size <= SNIFF_HEAD_BYTES);
      if (!type || !files.accept.includes(type))
        throw validationFailure([
          {
            field,
            message: files.acceptMessage ?? `Must be one of: ${files.accept.join(', ')}.`,
            code: 'unsupported_type',
          },
        ]);
      found.set(file.key, SNIFFED_TYPES[type]);
    }
    return found;
  }

  /** Keeps uploaded files (the request no longer removes them); 422 past the declared limit. */
  function keep(
    uploads: UploadedFile[],
    existing: number,
    types = new Map<string, string>(),
  ): StoredFile[] {
    if (existing + uploads.length > max) {
      throw validationFailure([
        {
          field,
          message: `A ${declaration.label.toLowerCase()} holds at most ${max} ${column}.`,
          code: 'too_big',
        },
      ]);
    }
    return uploads.map((file) => {
      file.claim();
      return {
        id: newId(),
        name: file.filename,
        size: file.size,
        content_type: types.get(file.key) ?? file.contentType,
        key: file.key,
      };
    });
  }

  /** The files a record holds now, storage keys included (answers never carry them). */
  async function stored(ctx: OrganisationContext, id: string): Promise<StoredFile[]> {
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      `SELECT ${quote(column)} FROM ${declaration.table} WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, id],
    );
    return rows[0] ? held(rows[0]) : [];
  }

  /**
   * A write body's values with its uploads kept: the column gets the record's files plus the new
   * ones (left out when nothing was uploaded, so the column keeps its value or default).
   */
  async function withUploads(
    ctx: OrganisationContext,
    body: Record<string, unknown>,
    existingId: string | null,
  ): Promise<Record<string, unknown>> {
    const { [field]: uploads, ...values } = body;
    const sent = (uploads ?? []) as UploadedFile[];
    if (sent.length === 0) return values;
    const types = await checkTypes(ctx, sent);
    const current = existingId ? await stored(ctx, existingId) : [];
    return {
      ...values,
      [column]: JSON.stringify([...current, ...keep(sent, current.length, types)]),
    };
  }

  /** Removes files from storage once the request's transaction has committed. */
  function removeLater(ctx: OrganisationContext, removed: StoredFile[]) {
    if (removed.length === 0) return;
    ctx.afterCommit(async () => {
      for (const file of removed) await ctx.services.storage.remove(file.key);
    });
  }

  /** The answer's files: signed download links instead of storage keys. */
  const present = (row: Row, ctx: OrganisationContext): Row =>
    column in row
      ? {
          ...row,
          [column]: held(row).map(({ key, ...file }) => ({
            ...file,
            url: ctx.services.storage.signedUrl(key, { filename: file.name }),
          })),
        }
      : row;

  /** A write body's multipart field: files to keep with the record. */
  const bodyShape = { [field]: uploadedFilesSchema.optional() };

  return {
    ...files,
    label,
    param,
    held,
    keep,
    checkTypes,
    stored,
    withUploads,
    removeLater,
    present,
    bodyShape,
  };
}

export type FileKit = NonNullable<ReturnType<typeof fileKit>>;

const fileKits = new WeakMap<ResourceDeclaration, FileKit | null>();

/** The declaration's file kit (built once per declaration), or null when it declares no files. */
export function filesOf(declaration: ResourceDeclaration): FileKit | null {
  if (!fileKits.has(declaration)) fileKits.set(declaration, fileKit(declaration));
  return fileKits.get(declaration)!;
}
