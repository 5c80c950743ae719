// The identity module's public face: what app.ts and the demo seed use.
export { identityRoutes } from './routes';
export { createUser } from './users';
