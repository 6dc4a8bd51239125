interface CompiledPattern {
  segments: string[];
  wildcard: boolean;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function compile(pattern: string): CompiledPattern {
  const wildcard = pattern.endsWith('/*');
  return { segments: splitPath(wildcard ? pattern.slice(0, -2) : pattern), wildcard };
}

/**
 * How well `pattern` matches `pathname`: null when it does not; otherwise a score where a longer, more
 * literal and non-wildcard pattern scores higher.
 */
export function matchScore(pattern: string, pathname: string): number | null {
  const { segments, wildcard } = compile(pattern);
  const parts = splitPath(pathname);
  if (wildcard ? parts.length < segments.length : parts.length !== segments.length) return null;
  let literals = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== parts[index]) return null;
    literals += 1;
  }
  return segments.length * 100 + literals * 10 + (wildcard ? 0 : 1);
}

/**
 * The area that owns `pathname`: the one with the most specific matching pattern (so `/albums/1/splits`
 * goes to the pattern `/albums/:id/splits/*`, not `/albums/*`). Null when no area owns it.
 */
export function findOwner(routesByArea: Record<string, readonly string[]>, pathname: string): string | null {
  let best: { area: string; score: number } | null = null;
  for (const [area, patterns] of Object.entries(routesByArea)) {
    for (const pattern of patterns) {
      const score = matchScore(pattern, pathname);
      if (score !== null && (best === null || score > best.score)) best = { area, score };
    }
  }
  return best?.area ?? null;
}

/**
 * A URL one of an area's own routes renders: each `:param` gets a sample value and a trailing `*`
 * a sample segment.
 */
export function sampleUrlOf(route: string): string {
  return route.replace(/:([A-Za-z][A-Za-z0-9]*)/g, 'sample-$1').replace(/\/?\*$/, '/sample');
}

/**
 * The routes an area renders that the shell would never send to it, because no pattern of the area owns them or
 * another area's pattern is more specific. `owners` is what the registry says (at least the area's own patterns).
 */
export function routesNotOwned(
  routes: readonly string[],
  area: string,
  owners: Record<string, readonly string[]>,
): string[] {
  return routes.filter((route) => findOwner(owners, sampleUrlOf(route)) !== area);
}
