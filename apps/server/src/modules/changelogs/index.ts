// The changelogs module's public face.
export { changelogRoutes } from './routes';
export { seedChangelogs } from './seed';
