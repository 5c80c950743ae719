// The api-keys feature's public face: what routes/ and other features use.
export { ApiKeysPage } from './ApiKeysPage';
