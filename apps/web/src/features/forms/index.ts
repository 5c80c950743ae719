// The forms feature's public face: what routes/ and other features use.
export { FormsRoutes } from './FormsRoutes';
export { useFormList } from './forms-api';
