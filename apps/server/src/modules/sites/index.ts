// The sites module's public face.
export { siteRoutes } from './routes';
export { sitesResource } from './sites.resource';
