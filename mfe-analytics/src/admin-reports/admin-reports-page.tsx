import { AdminFrame } from '@tunehouse/area-kit';
import { ReportsSection } from './report-files.js';

/**
 * /admin/reports: the platform reports feed the trends, so their upload and loading live in the analytics area,
 * inside the admin frame every admin page shares (its tab bar and guard come from area-kit).
 */
export function AdminReportsPage() {
  return (
    <AdminFrame>
      <ReportsSection />
    </AdminFrame>
  );
}
