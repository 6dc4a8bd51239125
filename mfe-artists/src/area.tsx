import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { ArtistsPage } from './artists/artists-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The artists area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/artists', element: <ArtistsPage /> },
    {
      path: '/artists/contributors',
      element: lazyPage(
        () => import('./contributors/contributors-page.js'),
        (m) => m.ContributorsPage,
      ),
    },
  ],
};
