import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Card, Notice, Pager, formatDateTime, tableScroll, tableStyle } from '@tunehouse/ui';
import { impersonationAuditQuery } from './admin-queries.js';

/** Who viewed the product as whom, and when (the API audits every impersonation). */
export function ImpersonationAudit() {
  const shell = useShell();
  const [offset, setOffset] = useState(0);
  const audit = useQuery(impersonationAuditQuery(shell.api, offset));
  return (
    <Card title="Impersonation audit" id="impersonation-audit">
      {audit.isError && <Notice tone="error">{messageOf(audit.error)}</Notice>}
      {audit.isPending && <p role="status">Loading the audit…</p>}
      {audit.data && audit.data.items.length === 0 && <p>No admin has viewed the product as a user yet.</p>}
      {audit.data && audit.data.items.length > 0 && (
        <>
          <div css={tableScroll}>
            <table css={tableStyle} aria-label="Impersonations">
              <thead>
                <tr>
                  <th>Admin</th>
                  <th>Viewed as</th>
                  <th>Started</th>
                  <th>Ended</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.admin.email}</td>
                    <td>
                      {`${entry.user.firstName} ${entry.user.lastName}`.trim() || entry.user.email}
                      <br />
                      <small>{entry.user.email}</small>
                    </td>
                    <td>{formatDateTime(entry.startedAt)}</td>
                    <td>
                      {entry.endedAt
                        ? formatDateTime(entry.endedAt)
                        : Date.parse(entry.expiresAt) < audit.dataUpdatedAt
                          ? `Expired ${formatDateTime(entry.expiresAt)}`
                          : 'Still open'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...audit.data} onOffset={setOffset} label="Audit pages" />
        </>
      )}
    </Card>
  );
}
