import { ENVIRONMENTS, LOCAL_BACKEND_PORT } from '@fieldwork/contract';
import type { Environment } from '@fieldwork/contract';

/** What the server that serves the built app writes into /env.js (see index.html). */
export interface RuntimeConfig {
  apiUrl: string;
  environment: Environment;
}

declare global {
  interface Window {
    __FIELDWORK_ENV__?: Partial<RuntimeConfig>;
  }
}

/**
 * Reads the runtime configuration. Without /env.js (the Vite dev server) the API is assumed on the
 * local backend port of the host that serves the page, and the environment is "local".
 */
export function readRuntimeConfig(
  injected: Partial<RuntimeConfig> | undefined = window.__FIELDWORK_ENV__,
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
): RuntimeConfig {
  const fallbackApiUrl = `${location.protocol}//${location.hostname}:${LOCAL_BACKEND_PORT}`;
  const apiUrl = (injected?.apiUrl || fallbackApiUrl).replace(/\/+$/, '');
  const environment = ENVIRONMENTS.find((name) => name === injected?.environment) ?? 'local';
  return { apiUrl, environment };
}
