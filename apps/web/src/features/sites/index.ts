// The sites feature's public face: what routes/ and other features use (a site's map, e.g. on a
// project's overview; the sites pages of the library).
export { SiteMap } from './SiteMap';
export { SitesRoutes } from './SitesRoutes';
