// The subscription feature's public face: what routes/ and other features use.
export { PlanStatusBanner, usePlanNavigation } from './PlanStatusBanner';
export { useCheckoutSubscribe } from './use-checkout-subscribe';
