// The billing module's public face: its routes, the plan an organisation answers with, the demo.
export { billingRoutes } from './routes';
export { computePlan, PLAN_FACTS_COLUMN, readPlanFacts, startTrial } from './plan';
export { seedBillingHistory } from './demo';
