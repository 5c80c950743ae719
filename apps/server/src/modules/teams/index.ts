// The teams module's public face.
export { teamRoutes } from './routes';
