// The preboarding feature's public face: what routes/ and other features use.
export { PreboardingGate } from './PreboardingGate';
export { PreboardingRoutes } from './PreboardingRoutes';
