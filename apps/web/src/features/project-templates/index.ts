// The project-templates feature's public face: what routes/ and other features use.
export { ProjectTemplatesRoutes } from './ProjectTemplatesRoutes';
