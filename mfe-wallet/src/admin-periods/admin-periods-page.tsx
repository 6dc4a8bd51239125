import { AdminFrame } from '@tunehouse/area-kit';
import { PeriodsSection } from './periods-section.js';

/**
 * /admin/periods: the period close lives with the money it books, in the wallet area, inside the admin frame
 * every admin page shares (its tab bar and guard come from area-kit).
 */
export function AdminPeriodsPage() {
  return (
    <AdminFrame>
      <PeriodsSection />
    </AdminFrame>
  );
}
