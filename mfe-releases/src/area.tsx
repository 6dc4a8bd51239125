import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { AlbumsPage } from './catalogue/albums-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/**
 * The releases area: its routes from the spec's route table (the splits of a release belong to the splits area),
 * and the admins' content review of releases.
 */
export const area: AreaDefinition = {
  name: AREA,
  // Help links in the shell configuration arrived with contract 1.1.
  shellRange: '^1.1.0',
  routes: [
    { path: '/albums', element: <AlbumsPage /> },
    {
      path: '/albums/new',
      element: lazyPage(
        () => import('./editor/editor-page.js'),
        (m) => m.NewReleasePage,
      ),
    },
    {
      path: '/albums/:id',
      element: lazyPage(
        () => import('./release/overview-page.js'),
        (m) => m.OverviewPage,
      ),
    },
    {
      path: '/albums/:id/promotion',
      element: lazyPage(
        () => import('./release/promotion-page.js'),
        (m) => m.PromotionPage,
      ),
    },
    {
      path: '/albums/:id/distribution',
      element: lazyPage(
        () => import('./release/distribution-page.js'),
        (m) => m.DistributionPage,
      ),
    },
    {
      path: '/albums/:id/edit/review',
      element: lazyPage(
        () => import('./editor/review-page.js'),
        (m) => m.ReviewPage,
      ),
    },
    {
      path: '/albums/:id/edit/:step',
      element: lazyPage(
        () => import('./editor/editor-page.js'),
        (m) => m.EditReleasePage,
      ),
    },
    {
      path: '/albums/:id/delivered',
      element: lazyPage(
        () => import('./release/delivered-page.js'),
        (m) => m.DeliveredPage,
      ),
    },
    {
      path: '/albums/:id/labelcopy',
      element: lazyPage(
        () => import('./release/labelcopy-page.js'),
        (m) => m.LabelCopyPage,
      ),
    },
    {
      path: '/admin/reviews',
      element: lazyPage(
        () => import('./admin-reviews/admin-reviews-page.js'),
        (m) => m.AdminReviewsPage,
      ),
    },
    {
      path: '/admin/reviews/*',
      element: lazyPage(
        () => import('./admin-reviews/admin-reviews-page.js'),
        (m) => m.AdminReviewsPage,
      ),
    },
  ],
};
