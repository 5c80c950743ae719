import type { MeContext } from '@fieldwork/contract';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { Location, NavigateFunction } from 'react-router-dom';
import { vi } from 'vitest';
import { configureApi } from '../api/api-config';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../routes/AppRoutes';
import { saveAccessToken } from '../session/persisted-session';
import { startSession } from '../app/session/session-lifecycle';
import { jsonResponse, stubFetch } from './fetch-stub';
import type { RecordedCall } from './fetch-stub';
import { render } from './render';

/** What a test reads of the router: where it is now, and a way to go elsewhere. */
export interface TestRouter {
  readonly state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

/** The whole app (route table, providers) on a memory router at `path`. */
export async function renderApp(path: string, queryClient = createQueryClient()) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  await render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  const router: TestRouter = {
    get state() {
      return { location: location! };
    },
    navigate: async (to) => {
      await navigate!(to);
    },
  };
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

/** Signs in with `context`, answers the API with `answer` and opens `path`: the calls and router. */
export async function openSignedIn(
  context: MeContext,
  path: string,
  answer?: (call: RecordedCall) => Response | Promise<Response>,
) {
  const calls = signedIn(context, answer);
  const router = await renderApp(path);
  return { calls, router };
}
