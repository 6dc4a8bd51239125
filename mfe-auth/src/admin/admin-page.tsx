import { useDeferredValue, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { messageOf, NavLink, usePageMeta, usePathname, useShell } from '@tunehouse/area-kit';
import { Notice, Page, Pager, TextField, colors, radius, tableStyle } from '@tunehouse/ui';
import { currentUserQuery } from '../shared/current-user-query.js';
import { useSession } from '../shared/use-session.js';
import { adminUsersQuery } from './admin-queries.js';
import { AdminUserRow } from './admin-user-row.js';
import { AuditSection } from './audit-log.js';
import { ContentReview } from './content-review.js';
import { HolderReview } from './holder-review.js';
import { ImpersonationAudit } from './impersonation-audit.js';
import { PeriodsSection } from './periods/periods-section.js';
import { ReportsSection } from './report-files.js';

const PAGE_SIZE = 25;
/** The table keeps its columns on a phone and scrolls sideways instead of widening the page. */
const scroller = css`
  overflow-x: auto;
`;
const tabs = css`
  display: flex;
  gap: 0.25rem;
  overflow-x: auto;
  margin: 0 0 1.5rem;
  border-bottom: 1px solid ${colors.border};
  a {
    flex: none;
    padding: 0.6rem 0.85rem;
    color: ${colors.inkSoft};
    font-weight: 600;
    text-decoration: none;
    border-bottom: 3px solid transparent;
    border-radius: ${radius.small} ${radius.small} 0 0;
    margin-bottom: -1px;
  }
  a[aria-current='page'] {
    color: ${colors.primary};
    border-bottom-color: ${colors.primary};
  }
`;
/** The content review queue and the reports have URLs of their own, so an admin can keep one open or link to it. */
const REVIEWS_PATH = '/admin/reviews';
const HOLDERS_PATH = '/admin/payment-methods';
const REPORTS_PATH = '/admin/reports';
const PERIODS_PATH = '/admin/periods';
const AUDIT_PATH = '/admin/audit';

/**
 * Admin: find users, view the product as one of them, suspend or lift a suspension (/admin); work the content
 * review queue (/admin/reviews); approve or reject bank accounts held in another name than the verified one
 * (/admin/payment-methods); upload platform reports and follow their loading (/admin/reports); close the
 * monthly royalty periods (/admin/periods); read the audit log of admins' changes and impersonations (/admin/audit).
 */
export function AdminPage() {
  usePageMeta('Admin');
  const shell = useShell();
  const session = useSession();
  const pathname = usePathname();

  // The role is the server's to say; it checks it again on every admin call.
  const me = useQuery(currentUserQuery(shell.api, session?.user.id));
  const isAdmin = me.data?.isAdmin === true && !session?.adminEmail;

  if (me.isPending)
    return (
      <Page title="Admin">
        <p role="status">Loading…</p>
      </Page>
    );
  if (!isAdmin)
    return (
      <Page title="Admin">
        <Notice tone="error">This page is for Tunehouse admins.</Notice>
      </Page>
    );
  return (
    <Page title="Admin">
      <nav css={tabs} aria-label="Admin sections">
        <NavLink to="/admin" end>
          Users
        </NavLink>
        <NavLink to={REVIEWS_PATH}>Content review</NavLink>
        <NavLink to={HOLDERS_PATH}>Bank accounts</NavLink>
        <NavLink to={REPORTS_PATH}>Reports</NavLink>
        <NavLink to={PERIODS_PATH}>Periods</NavLink>
        <NavLink to={AUDIT_PATH}>Audit log</NavLink>
      </nav>
      {pathname.startsWith(REVIEWS_PATH) ? (
        <ContentReview />
      ) : pathname.startsWith(HOLDERS_PATH) ? (
        <HolderReview />
      ) : pathname.startsWith(REPORTS_PATH) ? (
        <ReportsSection />
      ) : pathname.startsWith(PERIODS_PATH) ? (
        <PeriodsSection />
      ) : pathname.startsWith(AUDIT_PATH) ? (
        <AuditSection />
      ) : (
        <UsersSection />
      )}
    </Page>
  );
}

function UsersSection() {
  const shell = useShell();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDeferredValue(search.trim());
  const users = useQuery(adminUsersQuery(shell.api, { q: q || undefined, offset, size: PAGE_SIZE }));
  return (
    <>
      <TextField
        label="Find a user"
        type="search"
        placeholder="E-mail address or name"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setOffset(0);
        }}
      />
      {users.isError && <Notice tone="error">{messageOf(users.error)}</Notice>}
      {users.isPending && <p role="status">Loading users…</p>}
      {users.data && (
        <>
          <p>{users.data.totalItems ?? users.data.items.length} users</p>
          {users.data.items.length === 0 ? (
            <Notice>No user matches “{q}”.</Notice>
          ) : (
            <div css={scroller}>
              <table css={tableStyle} aria-label="Users">
                <thead>
                  <tr>
                    <th>User</th>
                    <th>Status</th>
                    <th>Joined</th>
                    <th>Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {users.data.items.map((user) => (
                    <AdminUserRow key={user.id} user={user} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager {...users.data} onOffset={setOffset} label="User pages" />
        </>
      )}
      <ImpersonationAudit />
    </>
  );
}
