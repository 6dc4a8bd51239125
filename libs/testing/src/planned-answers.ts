import type { ApiRequest } from '@tunehouse/shell-contract';

/**
 * A fake shell's `respond` from a function that answers `undefined` for the calls it did not plan: those fail,
 * naming the call, so a test sees every call the area makes (where the fake shell would take `undefined` for a 204;
 * a planned 204 answers `null`).
 */
export function plannedAnswers(respond: (request: ApiRequest<unknown>) => unknown) {
  return (request: ApiRequest<unknown>) => {
    const answer = respond(request);
    if (answer === undefined) throw new Error(`unplanned ${request.method} ${request.path}`);
    return answer;
  };
}
