import { useDeferredValue, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { messageOf, useShell, usePageMeta } from '@tunehouse/area-kit';
import { Notice, Page, Pager, TextField, tableStyle } from '@tunehouse/ui';
import { currentUserQuery } from '../shared/current-user-query.js';
import { useSession } from '../shared/use-session.js';
import { adminUsersQuery } from './admin-queries.js';
import { AdminUserRow } from './admin-user-row.js';
import { ImpersonationAudit } from './impersonation-audit.js';

const PAGE_SIZE = 25;
/** The table keeps its columns on a phone and scrolls sideways instead of widening the page. */
const scroller = css`
  overflow-x: auto;
`;

/** Admin: find users, view the product as one of them, suspend or lift a suspension. */
export function AdminPage() {
  usePageMeta('Admin');
  const shell = useShell();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDeferredValue(search.trim());

  // The role is the server's to say; it checks it again on every admin call.
  const me = useQuery(currentUserQuery(shell.api, session?.user.id));
  const isAdmin = me.data?.isAdmin === true && !session?.adminEmail;
  const users = useQuery({
    ...adminUsersQuery(shell.api, { q: q || undefined, offset, size: PAGE_SIZE }),
    enabled: isAdmin,
  });

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
    </Page>
  );
}
