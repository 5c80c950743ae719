// The qualifications feature's public face: what routes/ and other features use.
export { QualificationsPage } from './QualificationsPage';
