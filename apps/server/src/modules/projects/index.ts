// The projects module's public face, and the search sections later modules register with.
export { projectRoutes } from './routes';
export { projectsResource } from './projects.resource';
export { searchSection, searchSections, type SearchSection } from './search-sections';
export { seedContext, seedDemoProjects } from './demo';
export { projectMembersJoined } from './project-members.links';
