import { AdminFrame } from '@tunehouse/area-kit';
import { ContentReview } from './content-review.js';

/**
 * /admin/reviews: the content review of releases lives with the releases, in the releases area, inside the admin
 * frame every admin page shares (its tab bar and guard come from area-kit;
 * docs/decisions/0075-admin-screens-in-their-areas-and-area-kit-helpers.md).
 */
export function AdminReviewsPage() {
  return (
    <AdminFrame>
      <ContentReview />
    </AdminFrame>
  );
}
