import { RoutePlaceholder, type AreaDefinition } from '@tunehouse/area-kit';

const AREA = 'releases';

/** The releases area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/albums', element: <RoutePlaceholder area={AREA} title="Releases" /> },
    { path: '/albums/new', element: <RoutePlaceholder area={AREA} title="New release" /> },
    { path: '/albums/:id', element: <RoutePlaceholder area={AREA} title="Release" /> },
    { path: '/albums/:id/promotion', element: <RoutePlaceholder area={AREA} title="Promotion" /> },
    { path: '/albums/:id/distribution', element: <RoutePlaceholder area={AREA} title="Distribution" /> },
    { path: '/albums/:id/edit/review', element: <RoutePlaceholder area={AREA} title="Review release" /> },
    { path: '/albums/:id/edit/:step', element: <RoutePlaceholder area={AREA} title="Edit release" /> },
    { path: '/albums/:id/delivered', element: <RoutePlaceholder area={AREA} title="Delivered" /> },
    { path: '/albums/:id/labelcopy', element: <RoutePlaceholder area={AREA} title="Label copy" /> },
  ],
};
