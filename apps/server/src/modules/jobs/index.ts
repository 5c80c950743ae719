// The jobs module's public face, and the job-sheet submission point the job-sheets module fills.
export { jobRoutes } from './routes';
export { planAndVisitRoutes } from './plans-visits.routes';
export { jobsResource } from './jobs.resource';
export { jobsSearchSection } from './search';
export { spokenDate } from './notices';
export { jobSheetSubmission, type JobSheetSubmission } from './submit-job-sheets';
export { seedDemoJobs } from './demo';
export { seedDemoPlansAndVisits } from './demo-plans';
export {
  checkAttributeValues,
  type AttributeDefinition,
  type AttributeValueInput,
} from './attribute-values';
