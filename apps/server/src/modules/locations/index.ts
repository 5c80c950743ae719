// The locations module's public face: drawings, pending drawings, locations, zones,
// specifications and QR code batches (field-work §3, §4, §7).
export { locationRoutes } from './routes';
export { drawingUpload } from './drawing-upload';
export { drawingsResource } from './drawings.resource';
export { locationsResource } from './locations.resource';
export { specificationsResource } from './specifications.resource';
export { generateQrBatchJob } from './qr-batch.job';
export { publishAutomatedStatusChanges } from './events';
