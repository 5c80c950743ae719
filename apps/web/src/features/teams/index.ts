// The teams feature's public face: what routes/ and other features use.
export { TeamsPage } from './TeamsPage';
