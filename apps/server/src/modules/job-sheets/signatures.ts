import { Readable } from 'node:stream';
import { ID_PATTERN, type SignatureValueInput } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import type { StoredSignature } from './value-columns';

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAGIC: Record<string, number[]> = { png: [0x89, 0x50, 0x4e, 0x47], jpeg: [0xff, 0xd8, 0xff] };

export interface PendingSignature {
  value: StoredSignature;
  bytes: Buffer | null;
}

/**
 * A signature as sent, checked: the stored image kept (its id sent back unchanged) or a new PNG
 * or JPEG image whose bytes really are one (not just its data URL's word for it). The new image
 * is written by storeSignature once every value of the request checked out.
 */
export function checkSignature(
  ctx: OrganisationContext,
  sheetId: string,
  input: SignatureValueInput,
  stored: StoredSignature | null,
): PendingSignature | string {
  const common = {
    name: input.name ?? null,
    width: input.width,
    height: input.height,
    timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : new Date().toISOString(),
  };
  if (ID_PATTERN.test(input.signature)) {
    if (stored?.signature !== input.signature)
      return 'Must be a PNG or JPEG data URL, or the id of this field’s stored signature.';
    return {
      value: {
        ...stored,
        ...common,
        timestamp: input.timestamp ? common.timestamp : stored.timestamp,
      },
      bytes: null,
    };
  }
  const match = DATA_URL.exec(input.signature);
  if (!match) return 'Must be a PNG or JPEG data URL (data:image/png;base64,…).';
  const kind = match[1]!;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (!MAGIC[kind]!.every((byte, index) => bytes[index] === byte))
    return `The image is not a ${kind.toUpperCase()} file.`;
  const id = newId();
  const key = `job-sheets/${ctx.organisationId}/${sheetId}/signatures/${id}.${kind === 'png' ? 'png' : 'jpg'}`;
  return { value: { ...common, signature: id, key }, bytes };
}

/**
 * Writes a new signature's image (called once every answer of the request checked out). Should the
 * request's transaction then fail, the file goes with it: no row would refer to it.
 */
export async function storeSignature(ctx: OrganisationContext, pending: PendingSignature) {
  if (!pending.bytes) return;
  const { key } = pending.value;
  ctx.afterRollback(() => ctx.services.storage.remove(key));
  await ctx.services.storage.write(key, Readable.from([pending.bytes]));
}

/** A stored signature as answered: a signed, expiring address instead of the storage key. */
export function presentSignature(ctx: OrganisationContext, stored: StoredSignature | null) {
  if (!stored) return null;
  const { key, ...rest } = stored;
  const filename = `signature.${key.endsWith('.jpg') ? 'jpg' : 'png'}`;
  return { ...rest, url: ctx.services.storage.signedUrl(key, { filename }) };
}
