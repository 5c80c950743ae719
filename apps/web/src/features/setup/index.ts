// The setup feature's public face: what routes/ and other features use.
export { SetupLayout } from './SetupLayout';
export { SetupSubscriptionRoutes } from './SetupSubscriptionRoutes';
export { StepFrame } from './StepFrame';
export { organisationQueryKey, useOrganisationMutation } from './organisation-answer';
export { flag, list, oneOf, part, text } from './read-record';
