import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { z } from 'zod';
import { idSchema } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { defineBuild } from '../../platform/builds';

/** A signed copy is kept as long as the record it proves (ten years). */
const SIGNED_COPY_TTL_SECONDS = 10 * 365 * 24 * 60 * 60;

interface Signing {
  document_name: string;
  reference: string | null;
  file_key: string;
  sha256: string;
  signature_key: string;
  user_name: string;
  user_email: string;
  completed_at: Date;
  signed_ip: string | null;
  signed_user_agent: string | null;
}

async function signingOf(ctx: OrganisationContext, memberId: string): Promise<Signing> {
  const { rows } = await ctx.db.query<Signing>(
    `SELECT d.name AS document_name, d.reference, s.key AS file_key, s.sha256,
            m.signature_key, u.name AS user_name, u.email AS user_email, m.completed_at,
            m.signed_ip, m.signed_user_agent
       FROM signed_document_members m
       JOIN signed_documents d ON d.organisation_id = m.organisation_id AND d.id = m.signed_document_id
       JOIN stored_files s ON s.organisation_id = d.organisation_id AND s.id = d.stored_file_id
       JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.id = $2 AND m.completed_at IS NOT NULL
        AND m.signature_key IS NOT NULL`,
    [ctx.organisationId, memberId],
  );
  if (!rows[0]) throw new Error(`The signature ${memberId} is gone`);
  return rows[0];
}

async function readAll(ctx: OrganisationContext, key: string) {
  const stream = await ctx.services.storage.read(key);
  if (!stream) throw new Error(`The file ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Text a standard PDF font can draw (WinAnsi): anything else becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * Stamps the drawn signature on the original's last page and appends an audit page: who signed,
 * when, from which address and browser, and the SHA-256 of the original file. The original is
 * read, never written: the signed copy is a new file (this build's).
 */
export async function signedCopy(original: Buffer, signature: Buffer, signing: Signing) {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const image = await pdf.embedPng(signature);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  const last = pages[pages.length - 1]!;
  const { width } = last.getSize();
  const box = { width: Math.min(180, width / 3), height: 60 };
  const scaled = image.scaleToFit(box.width, box.height);
  const x = width - box.width - 36;
  last.drawRectangle({
    x: x - 6,
    y: 30,
    width: box.width + 12,
    height: box.height + 30,
    color: rgb(1, 1, 1),
    opacity: 0.85,
  });
  last.drawImage(image, { x, y: 48, width: scaled.width, height: scaled.height });
  last.drawText(printable(`Signed by ${signing.user_name}`), { x, y: 36, size: 8, font });

  const audit = pdf.addPage([595.28, 841.89]);
  let y = 780;
  const line = (label: string, value: string) => {
    audit.drawText(printable(label), { x: 56, y, size: 10, font: bold });
    audit.drawText(printable(value), { x: 200, y, size: 10, font, maxWidth: 340 });
    y -= 22;
  };
  audit.drawText('Signature audit', { x: 56, y, size: 18, font: bold });
  y -= 40;
  line('Document', signing.document_name);
  if (signing.reference) line('Reference', signing.reference);
  line('Signed by', `${signing.user_name} <${signing.user_email}>`);
  line(
    'Signed at (UTC)',
    new Date(signing.completed_at).toISOString().replace('T', ' ').slice(0, 19),
  );
  line('IP address', signing.signed_ip ?? 'unknown');
  line('Browser', (signing.signed_user_agent ?? 'unknown').slice(0, 120));
  line('Original SHA-256', signing.sha256.slice(0, 32));
  line('', signing.sha256.slice(32));
  line('Pages signed', String(pages.length));
  return Buffer.from(await pdf.save());
}

/** The build of one recipient's signed copy (queued when they sign; runs as them). */
export const signedCopyBuild = defineBuild({
  name: 'signed-document',
  format: 'pdf',
  options: z.object({ memberId: idSchema }),
  ttlSeconds: SIGNED_COPY_TTL_SECONDS,
  async label(ctx, { memberId }) {
    const signing = await signingOf(ctx, memberId);
    const base = `${signing.document_name}-signed-${signing.user_name}`
      .replace(/\.pdf$/i, '')
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 120);
    return { name: `Signed: ${signing.document_name}`, downloadName: base };
  },
  async *write(ctx, { memberId }, progress) {
    const signing = await signingOf(ctx, memberId);
    progress(0, 2);
    const [original, signature] = await Promise.all([
      readAll(ctx, signing.file_key),
      readAll(ctx, signing.signature_key),
    ]);
    progress(1, 2);
    yield await signedCopy(original, signature, signing);
    progress(2, 2);
  },
});
