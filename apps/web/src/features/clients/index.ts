// The clients feature's public face: what routes/ and other features use.
export { contactsApi } from './clients-api';
