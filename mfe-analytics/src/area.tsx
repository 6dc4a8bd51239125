import { RoutePlaceholder, type AreaDefinition } from '@tunehouse/area-kit';

const AREA = 'analytics';

/** The analytics area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/trends', element: <RoutePlaceholder area={AREA} title="Stream trends" /> },
    { path: '/trends/playlists', element: <RoutePlaceholder area={AREA} title="Playlist trends" /> },
  ],
};
