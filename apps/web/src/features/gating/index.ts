// The gating feature's public face: what routes/ and other features use.
export { PlanGate } from './PlanGate';
export { pageKindOf } from './page-kind';
export { longestOverdueDays } from './required-redirect';
