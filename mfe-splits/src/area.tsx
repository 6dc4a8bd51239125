import type { AreaDefinition } from '@tunehouse/area-kit';
import { SplitEditorPage } from './editor/split-editor-page.js';
import { AlbumSplitPage } from './splits/album-split-page.js';
import { SplitDetailPage } from './splits/split-detail-page.js';
import { SplitsPage } from './splits/splits-page.js';
import { TrackSharesPage } from './splits/track-shares-page.js';
import manifest from '../area.manifest.json';

/** The royalty splits area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: manifest.name,
  shellRange: '^1.0.0',
  routes: [
    { path: '/splits', element: <SplitsPage /> },
    { path: '/splits/:id', element: <SplitDetailPage /> },
    { path: '/splits/:id/split', element: <TrackSharesPage /> },
    { path: '/albums/:id/splits', element: <AlbumSplitPage /> },
    { path: '/albums/:id/splits/edit', element: <SplitEditorPage /> },
  ],
};
