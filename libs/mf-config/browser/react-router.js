// What the apps share under the name `react-router` (libs/mf-config/src/shared.ts, SHARED_REACT_ROUTER): the
// members libs/area-kit routes with, re-exported from react-router's production build. One copy reaches the
// browser, with the first area a visitor opens; every later area uses it instead of downloading its own. A shared
// module is bundled with every export it has, so react-router itself shared would send all of it (its data
// routers, server rendering and RSC helpers) to every area page; these are what area-kit imports.
//
// A member missing here is `undefined` in the browser, where TypeScript cannot see it:
// src/react-router-members.test.ts reads every import of react-router in the apps' and libs' sources and fails
// until it is listed.
export {
  Link,
  Navigate,
  Route,
  Router,
  Routes,
  createPath,
  matchRoutes,
  useLocation,
  useParams,
} from 'tunehouse-react-router-internals/dist/production/index.mjs';
