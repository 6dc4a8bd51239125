import { useDeferredValue, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { AdminFrame, messageOf, usePathname, useShell } from '@tunehouse/area-kit';
import { Notice, Pager, TextField, tableStyle } from '@tunehouse/ui';
import { adminUsersQuery } from './admin-queries.js';
import { AdminUserRow } from './admin-user-row.js';
import { AuditSection } from './audit-log.js';
import { HolderReview } from './holder-review.js';
import { ImpersonationAudit } from './impersonation-audit.js';

const PAGE_SIZE = 25;
/** The table keeps its columns on a phone and scrolls sideways instead of widening the page. */
const scroller = css`
  overflow-x: auto;
`;
const HOLDERS_PATH = '/admin/payment-methods';
const AUDIT_PATH = '/admin/audit';

/**
 * Admin: find users, view the product as one of them, suspend or lift a suspension (/admin); approve or reject bank
 * accounts held in another name than the verified one (/admin/payment-methods); read the audit log of admins'
 * changes and impersonations (/admin/audit). The content review (/admin/reviews) lives in the releases area, the
 * reports (/admin/reports) in the analytics area and the period close (/admin/periods) in the wallet area, inside
 * the same frame (docs/decisions/0075-admin-screens-in-their-areas-and-area-kit-helpers.md).
 */
export function AdminPage() {
  const pathname = usePathname();
  return (
    <AdminFrame>
      {pathname.startsWith(HOLDERS_PATH) ? (
        <HolderReview />
      ) : pathname.startsWith(AUDIT_PATH) ? (
        <AuditSection />
      ) : (
        <UsersSection />
      )}
    </AdminFrame>
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
