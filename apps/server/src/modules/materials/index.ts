// The materials module's public face: materials and rates, the pricing engine, re-pricing.
export { materialRoutes } from './routes';
export { materialsResource } from './materials.resource';
export { recalculateRatesJob } from './recalculate.job';
export { repriceSheets } from './reprice';
