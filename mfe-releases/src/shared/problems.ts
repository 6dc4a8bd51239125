import type { ReviewProblem } from '@tunehouse/contracts';
import { isStepId, type StepId } from './steps.js';

/**
 * One thing that keeps a release from being published (from the album's review, or the 422 of publish): the
 * editor step that fixes it, the place on that step to go to (`#anchor`), the API's code and its sentence.
 */
export interface Problem {
  step: StepId;
  anchor?: string | undefined;
  code: string;
  message: string;
}

/**
 * The editor step of a problem. The API groups platforms, territories and the release date as `distribution`
 * (RELEASE_EDITOR_STEPS); the editor has a step for each of the two, as issue 6 lists them.
 */
export function stepOf(problem: Pick<ReviewProblem, 'step' | 'path'>): StepId {
  if (problem.step === 'distribution') {
    const [field] = problem.path;
    return field === 'releaseDate' || field === 'originalReleaseDate' ? 'release-date' : 'platforms';
  }
  return isStepId(problem.step) ? problem.step : 'details';
}

/** Where on its step a problem is fixed: a track's row (`track-<id>`) or a field (`title`). */
export function anchorOf(problem: Pick<ReviewProblem, 'path' | 'trackId'>): string | undefined {
  if (problem.trackId !== undefined && problem.trackId !== null) return `track-${problem.trackId}`;
  const [field] = problem.path;
  // A problem of a whole step (no artist, no artwork, no tracks) points at the step, not at a field.
  return typeof field === 'string' && !WHOLE_STEPS.has(field) ? field : undefined;
}
const WHOLE_STEPS = new Set(['artists', 'artwork', 'tracks']);

export const toProblems = (problems: readonly ReviewProblem[]): Problem[] =>
  problems.map((problem) => ({
    step: stepOf(problem),
    anchor: anchorOf(problem),
    code: problem.code,
    message: problem.message,
  }));
