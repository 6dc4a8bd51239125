import { createStore } from './store.js';

/**
 * Why an area is not shown, in the three ways a visitor can tell apart:
 * - `unreachable`: its files could not be fetched, even after retrying (its server is down or the network is);
 * - `refused`: it was fetched, but the shell will not run it (it does not fit this shell's contract);
 * - `crashed`: it ran and threw while starting, mounting or unmounting.
 */
export type AreaFailureKind = 'unreachable' | 'refused' | 'crashed';

/**
 * The status each kind reports: unreachable is a temporary outage (503); a refused remote answered with something
 * the shell cannot use, as a bad gateway does (502); a crash is an error inside the page (500).
 */
export const AREA_FAILURE_STATUS: Record<AreaFailureKind, number> = {
  unreachable: 503,
  refused: 502,
  crashed: 500,
};

export interface AreaFailure {
  kind: AreaFailureKind;
  status: number;
  /** Plain words for support: never a URL, a stack or a library's diagnostics. */
  detail: string;
  /** A "Try again" is under way: the area is being fetched again. */
  retrying: boolean;
  /** How many times "Try again" has been tried and failed for this area. */
  failedRetries: number;
}

/** Areas that could not be loaded, were refused, or crashed: the shell shows the error page in their place. */
export const areaFailures = createStore<Record<string, AreaFailure>>({});

/**
 * Records why an area is not shown. `cause` is what went wrong underneath (the library's own error); it goes to
 * the console for developers, never onto the page.
 */
export function recordAreaFailure(
  area: string,
  kind: AreaFailureKind,
  detail: string,
  cause?: unknown,
): void {
  console.error(
    `[shell] area '${area}' unavailable (${kind}): ${detail}`,
    ...(cause === undefined ? [] : [cause]),
  );
  areaFailures.set((failures) => {
    const previous = failures[area];
    const failedRetries = (previous?.failedRetries ?? 0) + (previous?.retrying ? 1 : 0);
    return {
      ...failures,
      [area]: { kind, status: AREA_FAILURE_STATUS[kind], detail, retrying: false, failedRetries },
    };
  });
}

/** The area mounted: whatever failed before is over. */
export function clearAreaFailure(area: string): void {
  areaFailures.set((failures) => {
    if (!(area in failures)) return failures;
    const { [area]: _cleared, ...rest } = failures;
    return rest;
  });
}

const reloaders = new Map<string, () => Promise<void>>();

/** The registry says how an area is fetched anew; "Try again" calls it. */
export function setAreaReloader(area: string, reload: () => Promise<void>): void {
  reloaders.set(area, reload);
}

/**
 * Fetches a failed area again without reloading the page. The failure stays on screen (marked as retrying) until
 * the area either mounts, which clears it, or fails again, which records the new failure.
 */
export async function retryArea(area: string): Promise<void> {
  const failure = areaFailures.get()[area];
  const reload = reloaders.get(area);
  if (!failure || failure.retrying || !reload) return;
  areaFailures.set((failures) => ({ ...failures, [area]: { ...failure, retrying: true } }));
  try {
    await reload();
  } catch (error) {
    recordAreaFailure(area, failure.kind, failure.detail, error);
  }
}
