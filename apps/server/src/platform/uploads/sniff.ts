import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import type { FileStorage } from '../storage/storage';

/**
 * What a file is, read from its bytes (its "magic number", and for the office formats the zip's
 * entries), never from the name or the type the client sent: a text file named photo.jpg is text.
 */
export const SNIFFED_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  heic: 'image/heic',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
  /** UTF-8 text without NUL bytes: CSV and plain text (told apart by the kind that accepts it). */
  text: 'text/plain',
} as const;
export type SniffedType = keyof typeof SNIFFED_TYPES;

/** Enough of the file for every signature (the zip entries of office files come early). */
export const SNIFF_HEAD_BYTES = 64 * 1024;

const FILE_TYPE_EXTENSIONS: Record<string, SniffedType> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  heic: 'heic',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  cfb: 'doc', // an OLE compound file: the Word and Excel formats before 2007
  zip: 'zip',
};

/** UTF-8 text: no NUL byte, and every byte sequence valid (a cut last character allowed). */
function isText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  let text = head;
  if (!complete) {
    // a multi-byte character may be cut at the end of the head: drop up to three trailing bytes
    let end = head.length;
    while (end > head.length - 4 && end > 0 && (head[end - 1]! & 0xc0) === 0x80) end -= 1;
    if (end > 0 && head[end - 1]! >= 0xc0) end -= 1;
    text = head.subarray(0, end);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(text);
    return true;
  } catch {
    return false;
  }
}

/** The type of the file whose first bytes are `head` (`complete` when that is all of it). */
export async function sniffType(head: Buffer, complete: boolean): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) {
    const type = FILE_TYPE_EXTENSIONS[found.ext];
    if (type) return type;
    if (found.mime === 'image/heif' || found.mime === 'image/heic') return 'heic';
    return null;
  }
  return isText(head, complete) ? 'text' : null;
}

/** The first bytes of a stored file (the rest is never read). */
export async function headOf(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.read(key, { start: 0, end: SNIFF_HEAD_BYTES - 1 });
  return stream ? buffer(stream) : Buffer.alloc(0);
}
