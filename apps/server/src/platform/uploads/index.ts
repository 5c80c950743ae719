export {
  defineUpload,
  registerUploadKinds,
  UploadRefusedError,
  type DerivedFile,
  type ProcessingStep,
  type StoredFileRow,
  type UploadKind,
} from './define-upload';
export { processUploadJob } from './process-upload.job';
export { SNIFFED_TYPES, sniffType, type SniffedType } from './sniff';
export { storeUpload } from './store';
export {
  boxedImageUpload,
  discardImage,
  discardStoredFile,
  storeBoxedImage,
  normaliseImage,
  type BoxedImageResult,
  type Box,
  type NormalisedImage,
  type StoredImage,
} from './images';
export { openUploadedPdf, pdfPagesUpload, type PdfPagesResult } from './pdf-pages';
