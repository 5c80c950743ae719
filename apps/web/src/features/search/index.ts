// The search feature's public face: what routes/ and other features use.
export { GlobalSearch } from './GlobalSearch';
