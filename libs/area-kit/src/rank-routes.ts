/**
 * An area's routes, most specific first. The router takes the first route that matches, so `/albums/:id` listed
 * before `/albums/new` would take `new` for an id; ranking by specificity, as react-router did, lets an area list
 * its routes in any order. Per segment: a fixed word 10, a `:param` 3, a `*` −2; ties keep the given order.
 */
export function rankRoutes<T extends { path: string }>(routes: readonly T[]): T[] {
  return routes
    .map((route, index) => ({ route, index, score: specificity(route.path) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ route }) => route);
}

function specificity(path: string): number {
  return path
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), 0);
}
