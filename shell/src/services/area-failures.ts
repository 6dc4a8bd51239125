import { createStore } from './store.js';

export interface AreaFailure {
  status: number;
  detail: string;
}

/** Areas that could not be loaded, were refused, or crashed: the shell shows the error page in their place. */
export const areaFailures = createStore<Record<string, AreaFailure>>({});

export function recordAreaFailure(area: string, failure: AreaFailure): void {
  console.error(`[shell] area '${area}' unavailable: ${failure.detail}`);
  areaFailures.set((failures) => ({ ...failures, [area]: failure }));
}
