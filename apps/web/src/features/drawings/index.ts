// The drawings feature's public face: drawings, their pins (locations) and the viewer.
export {
  drawingPath,
  locationByIdPath,
  locationPath,
  projectDrawingsPath,
  projectLocationsPath,
  projectSpecificationsPath,
  projectZonesPath,
} from './drawing-paths';
export { ProjectLocationsCard } from './ProjectLocationsCard';
export { ProjectLocationsHeader } from './ProjectLocationsNav';
