import { useQuery } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { type AdminApiKey, call, endpoints } from '@tunehouse/contracts';
import { AdminFrame, messageOf, useShell } from '@tunehouse/area-kit';
import {
  Card,
  Notice,
  badgeStyle,
  breakpoints,
  colors,
  formatDate,
  stackedTableStyle,
  tableScroll,
  visuallyHidden,
} from '@tunehouse/ui';
import { RevokeKey } from '../shared/revoke-key.js';
import { adminKeysKeys, adminKeysQuery } from './admin-keys-queries.js';
import { type KeyState, keyState } from './key-state.js';

const STATE_COLORS: Record<KeyState, string> = {
  ACTIVE: colors.success,
  EXPIRED: colors.muted,
  REVOKED: colors.muted,
};

const keyTable = css`
  ${stackedTableStyle};
  /* Stacked on a phone, a long name or address breaks anywhere rather than widen the page; a state or a button never. */
  @media (max-width: ${breakpoints.tablet - 1}px) {
    td {
      overflow-wrap: anywhere;
    }
  }
  td > span,
  td > button {
    white-space: nowrap;
  }
  td small {
    display: block;
    color: ${colors.muted};
  }
`;

/** An address may wrap after its @ (only there) when the column is narrow, so the table fits the card at 1280 px. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function AdminKeyRow({ apiKey }: { apiKey: AdminApiKey }) {
  const state = keyState(apiKey);

  return (
    <tr>
      <td data-label="Account">
        <EmailWithBreak email={apiKey.ownerEmail} />
      </td>
      <td data-label="Name">{apiKey.name}</td>
      <td data-label="Key">
        <code>{apiKey.prefix}…</code>
      </td>
      <td data-label="Scopes">{apiKey.scopes.join(', ')}</td>
      <td data-label="Created">{formatDate(apiKey.createdAt)}</td>
      <td data-label="Last used">
        {apiKey.lastUsedAt ? (
          <>
            {formatDate(apiKey.lastUsedAt)}
            <small>{apiKey.lastUsedFrom ?? 'address unknown'}</small>
          </>
        ) : (
          'Never'
        )}
      </td>
      <td data-label="Expires">{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'}</td>
      <td data-label="State">
        <span css={badgeStyle(STATE_COLORS[state])}>{state}</span>
      </td>
      <td>
        <RevokeKey
          label={`Revoke ${apiKey.name} of ${apiKey.ownerEmail}`}
          revocable={state !== 'REVOKED'}
          send={(api) => call(api, endpoints.apiKeys.adminRevoke, { params: { id: apiKey.id } })}
          listKey={adminKeysKeys.all}
          successToast={`The key “${apiKey.name}” of ${apiKey.ownerEmail} is revoked.`}
        >
          <p>
            Programs using “{apiKey.name}” of {apiKey.ownerEmail} are refused from their next call. The owner
            sees it revoked; this cannot be undone.
          </p>
        </RevokeKey>
      </td>
    </tr>
  );
}

/** Admin → API keys: every account's keys, with revoke (issue 30; docs/decisions/0090-report-loaded-and-admin-keys.md). */
export function AdminKeysPage() {
  const shell = useShell();
  const keys = useQuery(adminKeysQuery(shell.api));
  return (
    <AdminFrame>
      <Card title="API keys" id="admin-api-keys">
        <p>Every account’s keys, newest first. A revoked key is refused from its next call.</p>
        {keys.isPending && <p role="status">Loading keys…</p>}
        {keys.isError && <Notice tone="error">{messageOf(keys.error)}</Notice>}
        {keys.data && keys.data.items.length === 0 && <p>No account has made a key yet.</p>}
        {keys.data && keys.data.items.length > 0 && (
          <div css={tableScroll}>
            <table css={keyTable}>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span css={visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.items.map((apiKey) => (
                  <AdminKeyRow key={apiKey.id} apiKey={apiKey} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </AdminFrame>
  );
}
