import { defineUpload } from '../../platform/uploads';

/** The largest document a project takes. */
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * A project document: a PDF, an image or an office file, its type read from its bytes. Kept as
 * sent (no processing); previews are the file address's conversions (a PDF's page, an image's
 * width), made on first download.
 */
export const documentUpload = defineUpload({
  name: 'document',
  accept: [
    'pdf',
    'jpeg',
    'png',
    'webp',
    'gif',
    'docx',
    'xlsx',
    'pptx',
    'doc',
    'xls',
    'zip',
    'text',
  ],
  acceptMessage: 'Must be a PDF, an image (JPEG, PNG, WebP, GIF), an office file, a zip or text.',
  maxBytes: DOCUMENT_MAX_BYTES,
});

/** A document members must read and sign: a PDF (the signed copy stamps its last page). */
export const signedDocumentUpload = defineUpload({
  name: 'signed-document',
  accept: ['pdf'],
  acceptMessage: 'Must be a PDF.',
  maxBytes: DOCUMENT_MAX_BYTES,
});
