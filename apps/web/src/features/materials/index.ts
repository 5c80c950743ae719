// The materials feature's public face: the library's materials, rate sets and services pages,
// and money in the organisation's currency for the pages that show prices.
export { MaterialsRoutes, RateSetsRoutes, ServicesRoutes } from './MaterialsRoutes';
export { amountText, inputTypeName, parseAmount, rateSetNoun, useMoney } from './materials-api';
