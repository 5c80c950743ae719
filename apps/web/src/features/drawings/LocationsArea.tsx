import { useLocation, useParams } from 'react-router-dom';
import { lazyComponent } from '../../ui/lazy-component';
import { DocumentsArea } from '../documents';

// Each page its own chunk (the viewer's Leaflet loads with the drawing page only).
const DrawingsPage = lazyComponent(() => import('./DrawingsPage'), 'DrawingsPage');
const DrawingPage = lazyComponent(() => import('./DrawingPage'), 'DrawingPage');
const LocationsPage = lazyComponent(() => import('./LocationsPage'), 'LocationsPage');
const LocationRedirectPage = lazyComponent(
  () => import('./LocationRedirectPage'),
  'LocationRedirectPage',
);

/**
 * The organisation pages of drawings and locations, behind one lazy entry of the
 * organisation pages (whose chunk is part of the projects page's first load): the address
 * says which page, and its parameters reach the page as they are.
 */
export function LocationsArea() {
  const { projectId, drawingId, locationId } = useParams();
  const { pathname } = useLocation();
  // The documents pages share this lazy entry (the first load's budget): their own chunk.
  if (/\/documents(\/|$)/.test(pathname)) return <DocumentsArea />;
  if (drawingId) return <DrawingPage />;
  if (locationId) return <LocationRedirectPage />;
  return projectId && /\/drawings\/?$/.test(pathname) ? <DrawingsPage /> : <LocationsPage />;
}
