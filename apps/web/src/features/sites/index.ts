/** What other features use of sites: the map of a site (e.g. on a project's overview). */
export { SiteMap } from './SiteMap';
export { SitesRoutes } from './SitesRoutes';
