// The auth feature's public face: what routes/ and other features use.
export { type TokenAnswer } from './auth-api';
