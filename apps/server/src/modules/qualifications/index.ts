// The qualifications module's public face.
export { qualificationsResource } from './qualifications.resource';
