import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { SplitsPage } from './splits-page.js';
import manifest from '../area.manifest.json';

/** The royalty splits area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: manifest.name,
  shellRange: '^1.0.0',
  routes: [
    { path: '/splits', element: <SplitsPage /> },
    {
      // Public: the shell lets anyone in (isPublicPath); the invite mail's token is the capability.
      path: '/splits/invites/opt-out',
      element: lazyPage(
        () => import('./invite/opt-out-page.js'),
        (m) => m.InviteOptOutPage,
      ),
    },
    {
      path: '/splits/:id',
      element: lazyPage(
        () => import('./splits/split-detail-page.js'),
        (m) => m.SplitDetailPage,
      ),
    },
    {
      path: '/splits/:id/split',
      element: lazyPage(
        () => import('./splits/track-shares-page.js'),
        (m) => m.TrackSharesPage,
      ),
    },
    {
      path: '/albums/:id/splits',
      element: lazyPage(
        () => import('./splits/album-split-page.js'),
        (m) => m.AlbumSplitPage,
      ),
    },
    {
      path: '/albums/:id/splits/edit',
      element: lazyPage(
        () => import('./editor/split-editor-page.js'),
        (m) => m.SplitEditorPage,
      ),
    },
  ],
};
