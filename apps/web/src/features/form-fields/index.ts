// The form-fields feature's public face: what routes/ and other features use.
export { FieldInput } from './FieldInput';
export { ScoreSoFar } from './InspectionInputs';
export { PhotoField } from './PhotoField';
export { SignaturePad } from './SignaturePad';
export {
  type FieldAnswers,
  type RenderableField,
  type RenderableSection,
  type SignatureAnswer,
  type StepState,
  clampStep,
  fieldsById,
  isAnswered,
  isSignature,
  missingRequired,
  shownFields,
  startingAnswers,
  stepState,
} from './field-logic';
export { type UploadedPhoto, uploadedCount } from './photo-queue';
export { type PhotoUploader, usePhotoQueue } from './use-photo-queue';
