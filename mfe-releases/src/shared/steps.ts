/** The release editor's steps, in order (issue 6); each is saved on its own. The review follows them. */
export const STEPS = [
  { id: 'details', label: 'Details' },
  { id: 'artists', label: 'Artists' },
  { id: 'tracks', label: 'Tracks' },
  { id: 'artwork', label: 'Artwork' },
  { id: 'platforms', label: 'Platforms and territories' },
  { id: 'release-date', label: 'Release date' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];

export const isStepId = (value: string | undefined): value is StepId =>
  STEPS.some((step) => step.id === value);

export function stepLabel(step: StepId): string {
  return STEPS.find((candidate) => candidate.id === step)?.label ?? step;
}

/** The step after `step`, or null after the last one (the review comes next). */
export function nextStep(step: StepId): StepId | null {
  const index = STEPS.findIndex((candidate) => candidate.id === step);
  return STEPS[index + 1]?.id ?? null;
}

export const stepPath = (albumId: string | number, step: StepId | 'review') =>
  `/albums/${albumId}/edit/${step}`;

/** Step names of the API (RELEASE_EDITOR_STEPS) that are not the editor's own, and the step each leads to. */
export const STEP_ALIASES: Readonly<Record<string, StepId>> = { distribution: 'platforms' };
