import './app/first-load-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/query-client';
import { startApp } from './app/start-app';
import { AppRoutes } from './routes/AppRoutes';

startApp();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A data router (one splat route around the route table) so editors can block leaving with
// unsaved changes (useBlocker, ui/forms/use-leave-guard).
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
