// The account feature's public face: what routes/ and other features use.
export { useCountries } from './account-api';
export { accountPath } from './account-paths';
export { optionsOf } from './organisation-options';
