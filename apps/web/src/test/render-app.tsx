import type { MeContext } from '@fieldwork/contract';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { configureApi } from '../api/api-config';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { routes } from '../routes/route-table';
import { saveAccessToken } from '../session/persisted-session';
import { startSession } from '../session/session-lifecycle';
import { jsonResponse, stubFetch } from './fetch-stub';
import type { RecordedCall } from './fetch-stub';
import { render } from './render';

/** The whole app (route table, providers) on a memory router at `path`. */
export async function renderApp(path: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/**
 * A stored token, and an API stub answering GET /me/context with `context` and everything else
 * with `answer`. Returns the calls the app made.
 */
export function signedIn(
  context: MeContext | Record<string, unknown>,
  answer: (call: RecordedCall) => Response | Promise<Response> = () => jsonResponse({}, 404),
) {
  configureApi({ apiUrl: 'http://api.test' });
  saveAccessToken('token', { rememberMe: false });
  startSession('local', vi.fn());
  return stubFetch((call) =>
    call.url.endsWith('/me/context') ? jsonResponse(context) : answer(call),
  );
}
