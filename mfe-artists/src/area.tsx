import { RoutePlaceholder, type AreaDefinition } from '@tunehouse/area-kit';

const AREA = 'artists';

/** The artists area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/artists', element: <RoutePlaceholder area={AREA} title="Artists" /> },
    { path: '/artists/contributors', element: <RoutePlaceholder area={AREA} title="Contributors" /> },
  ],
};
