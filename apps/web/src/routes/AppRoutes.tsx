import { useRoutes } from 'react-router-dom';
import { routes } from './route-table';

/** The route table under whichever declarative router surrounds it (browser, or memory in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
