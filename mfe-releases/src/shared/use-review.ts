import { useQuery } from '@tanstack/react-query';
import type { Id } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { albumReviewQuery } from './queries.js';
import { toProblems } from './problems.js';

/** The album's review (can it be published?) and its problems by editor step. */
export function useReview(albumId: Id, enabled = true) {
  const shell = useShell();
  const review = useQuery({ ...albumReviewQuery(shell.api, albumId), enabled });
  return { review, problems: review.data ? toProblems(review.data.problems) : undefined };
}
