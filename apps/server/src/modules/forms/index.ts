// The forms module's public face: its routes and what sheets and projects reuse of a form.
export { formRoutes } from './routes';
export { formsResource } from './forms.resource';
export { checkFieldValue, valueErrors, type ValueField } from './field-values';
export { optionArchivedAt } from './field-rules';
export { copySections } from './copy';
export { saveWholeForm } from './save';
export { formCopyReads, formCopySections } from './form-copies';
