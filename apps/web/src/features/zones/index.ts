// The zones feature's public face: a project's zones and specifications pages, loaded lazily by
// routes/ (their addresses are the drawings feature's, whose pages link here).
export { SpecificationsPage, ZonesPage } from './PricedListPage';
