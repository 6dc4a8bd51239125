import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminAuditEvent } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Card, Notice, Pager, formatDateTime, tableScroll, tableStyle } from '@tunehouse/ui';
import { adminAuditQuery } from './admin-queries.js';

/** `/v1/admin/users/:id/suspend` with `{ id: 'u-1' }` → `/v1/admin/users/u-1/suspend`: what was acted on. */
function calledPath(event: AdminAuditEvent): string {
  return event.route.replace(/:([A-Za-z]+)/g, (whole, name: string) => event.params[name] ?? whole);
}

/**
 * /admin/audit: every change an admin made through the API (the API records each one: impersonations started,
 * suspensions, review decisions, reports, rates and closes). When each impersonation ended is on the Users page.
 */
export function AuditSection() {
  const shell = useShell();
  const [offset, setOffset] = useState(0);
  const audit = useQuery(adminAuditQuery(shell.api, offset));
  const label = 'Admin actions';
  return (
    <Card title="Admin actions" id="admin-actions">
      {audit.isError && <Notice tone="error">{messageOf(audit.error)}</Notice>}
      {audit.isPending && <p role="status">Loading the audit log…</p>}
      {audit.data && audit.data.items.length === 0 && <p>No admin has changed anything yet.</p>}
      {audit.data && audit.data.items.length > 0 && (
        <>
          <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
            <table css={tableStyle} aria-label={label}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Action</th>
                  <th scope="col">Call</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((event) => (
                  <tr key={event.id}>
                    <td>{formatDateTime(event.at)}</td>
                    <td>
                      {event.adminEmail}
                      {event.impersonatedUserEmail && ` viewing as ${event.impersonatedUserEmail}`}
                    </td>
                    <td>{event.action}</td>
                    <td>
                      <code>
                        {event.method} {calledPath(event)}
                      </code>
                      {event.status >= 400 && ` (refused, ${event.status})`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...audit.data} onOffset={setOffset} label="Audit log pages" />
        </>
      )}
    </Card>
  );
}
