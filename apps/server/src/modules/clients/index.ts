// The clients module's public face.
export { clientRoutes } from './routes';
export { clientsResource } from './clients.resource';
