// The zones feature's public face: the addresses of a project's zones and specifications pages
// (the pages themselves load lazily from routes/).
export { projectSpecificationsPath, projectZonesPath } from './zone-paths';
