import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { StreamTrendsPage } from './streams/stream-trends-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/**
 * The analytics area: its routes from the spec's route table (/trends/?albumId={id} is /trends with a filter), and the
 * admin's platform reports, which feed the trends.
 */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/trends', element: <StreamTrendsPage /> },
    {
      path: '/trends/playlists',
      element: lazyPage(
        () => import('./playlists/playlist-trends-page.js'),
        (m) => m.PlaylistTrendsPage,
      ),
    },
    {
      path: '/admin/reports',
      element: lazyPage(
        () => import('./admin-reports/admin-reports-page.js'),
        (m) => m.AdminReportsPage,
      ),
    },
    {
      path: '/admin/reports/*',
      element: lazyPage(
        () => import('./admin-reports/admin-reports-page.js'),
        (m) => m.AdminReportsPage,
      ),
    },
  ],
};
