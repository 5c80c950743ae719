// The API keys module's public face.
export { apiKeyRoutes } from './routes';
