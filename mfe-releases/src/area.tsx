import type { AreaDefinition } from '@tunehouse/area-kit';
import { AlbumsPage } from './catalogue/albums-page.js';
import { EditReleasePage, NewReleasePage } from './editor/editor-page.js';
import { ReviewPage } from './editor/review-page.js';
import { DeliveredPage } from './release/delivered-page.js';
import { DistributionPage } from './release/distribution-page.js';
import { LabelCopyPage } from './release/labelcopy-page.js';
import { OverviewPage } from './release/overview-page.js';
import { PromotionPage } from './release/promotion-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The releases area: its routes from the spec's route table (the splits of a release belong to the splits area). */
export const area: AreaDefinition = {
  name: AREA,
  // Help links in the shell configuration arrived with contract 1.1.
  shellRange: '^1.1.0',
  routes: [
    { path: '/albums', element: <AlbumsPage /> },
    { path: '/albums/new', element: <NewReleasePage /> },
    { path: '/albums/:id', element: <OverviewPage /> },
    { path: '/albums/:id/promotion', element: <PromotionPage /> },
    { path: '/albums/:id/distribution', element: <DistributionPage /> },
    { path: '/albums/:id/edit/review', element: <ReviewPage /> },
    { path: '/albums/:id/edit/:step', element: <EditReleasePage /> },
    { path: '/albums/:id/delivered', element: <DeliveredPage /> },
    { path: '/albums/:id/labelcopy', element: <LabelCopyPage /> },
  ],
};
