import { matchScore, type ErrorReportPort, type RemoteRegistry } from '@tunehouse/shell-contract';
import { areaFailures, type AreaFailure } from './area-failures.js';

/** An area the shell could not show, as a report names it: `AreaUnreachable`, `AreaRefused`, `AreaCrashed`. */
export class AreaFailureError extends Error {
  constructor(failure: Pick<AreaFailure, 'kind' | 'detail'>) {
    // The detail is the page's own support line: plain words, never a URL or a library's diagnostics.
    super(failure.detail);
    this.name = `Area${failure.kind[0]!.toUpperCase()}${failure.kind.slice(1)}`;
  }
}

/** The most specific of the area's registered route patterns that matches `pathname`: the template, not the address. */
export function routePatternAt(patterns: readonly string[], pathname: string): string | undefined {
  let best: { pattern: string; score: number } | undefined;
  for (const pattern of patterns) {
    const score = matchScore(pattern, pathname);
    if (score !== null && (best === undefined || score > best.score)) best = { pattern, score };
  }
  return best?.pattern;
}

/**
 * The shell's error page in place of an area (unreachable, refused, crashed while starting or mounting) goes to
 * the error-reporting service too (docs/decisions/0086-traces-and-error-reporting.md): once per failure shown,
 * not again for a "Try again" that fails the same way, with the area's name, deployed version and route template.
 * A render error inside a mounted area is the area's own boundary's to report (area-kit), not this.
 */
export function reportAreaFailures(
  registry: RemoteRegistry,
  errors: ErrorReportPort,
  pathname: () => string = () => window.location.pathname,
): () => void {
  let reported: Record<string, AreaFailure['kind']> = {};
  return areaFailures.subscribe(() => {
    const failures = areaFailures.get();
    for (const [area, failure] of Object.entries(failures)) {
      if (failure.retrying || reported[area] === failure.kind) continue;
      const entry = registry.areas[area];
      errors.report(new AreaFailureError(failure), {
        area,
        areaVersion: entry?.version,
        route: entry ? routePatternAt(entry.routes, pathname()) : undefined,
      });
    }
    // An area that mounted again is cleared, so its next failure is a new one.
    reported = Object.fromEntries(Object.entries(failures).map(([area, failure]) => [area, failure.kind]));
  });
}
