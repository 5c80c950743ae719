import { lazyComponent } from '../../ui/lazy-component';

// Each page its own chunk (the viewer's Leaflet loads with the drawing page only).
const DrawingsPage = lazyComponent(() => import('./DrawingsPage'), 'DrawingsPage');
const DrawingPage = lazyComponent(() => import('./DrawingPage'), 'DrawingPage');
const LocationsPage = lazyComponent(() => import('./LocationsPage'), 'LocationsPage');
const LocationRedirectPage = lazyComponent(
  () => import('./LocationRedirectPage'),
  'LocationRedirectPage',
);
const QrBatchesPage = lazyComponent(() => import('../qr-codes/QrBatchesPage'), 'QrBatchesPage');

export type LocationsAreaPage = 'drawings' | 'drawing' | 'locations' | 'location' | 'qr_codes';

/**
 * The organisation pages of drawings, locations and QR codes, behind one lazy entry of the
 * organisation pages (whose chunk is part of the projects page's first load); the route names
 * the page, its parameters reach the page as they are.
 */
export function LocationsArea({ page }: { page: LocationsAreaPage }) {
  switch (page) {
    case 'drawings':
      return <DrawingsPage />;
    case 'drawing':
      return <DrawingPage />;
    case 'locations':
      return <LocationsPage />;
    case 'location':
      return <LocationRedirectPage />;
    case 'qr_codes':
      return <QrBatchesPage />;
  }
}
