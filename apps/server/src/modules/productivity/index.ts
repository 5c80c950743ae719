// The productivity module's public face: GET /productivity and its Excel report.
export { productivityRoutes } from './routes';
