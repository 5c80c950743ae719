// The support feature's public face: what routes/ and other features use.
export { ImpersonationBanner } from './ImpersonationBanner';
