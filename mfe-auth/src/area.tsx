import { RoutePlaceholder, type AreaDefinition } from '@tunehouse/area-kit';

const AREA = 'auth';

/** The sign-in and account area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/auth/signup', element: <RoutePlaceholder area={AREA} title="Create your account" /> },
    { path: '/auth/suspended', element: <RoutePlaceholder area={AREA} title="Account suspended" /> },
    { path: '/auth/login', element: <RoutePlaceholder area={AREA} title="Log in" /> },
    { path: '/auth/logout', element: <RoutePlaceholder area={AREA} title="Log out" /> },
    { path: '/auth/challenge', element: <RoutePlaceholder area={AREA} title="Verify it is you" /> },
    { path: '/auth/forgot', element: <RoutePlaceholder area={AREA} title="Forgot your password" /> },
    { path: '/account', element: <RoutePlaceholder area={AREA} title="Account settings" /> },
    { path: '/account/verify', element: <RoutePlaceholder area={AREA} title="Verify your identity" /> },
    { path: '/admin', element: <RoutePlaceholder area={AREA} title="Admin" /> },
    { path: '/admin/*', element: <RoutePlaceholder area={AREA} title="Admin" /> },
  ],
};
