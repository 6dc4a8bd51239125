import { RoutePlaceholder, type AreaDefinition } from '@tunehouse/area-kit';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The royalty splits area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/splits', element: <RoutePlaceholder area={AREA} title="Royalty splits" /> },
    { path: '/splits/:id', element: <RoutePlaceholder area={AREA} title="Split" /> },
    { path: '/splits/:id/split', element: <RoutePlaceholder area={AREA} title="Split details" /> },
    { path: '/albums/:id/splits', element: <RoutePlaceholder area={AREA} title="Release splits" /> },
    {
      path: '/albums/:id/splits/edit',
      element: <RoutePlaceholder area={AREA} title="Edit release splits" />,
    },
  ],
};
