import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { type ActiveSession, call, endpoints } from '@tunehouse/contracts';
import { messageOf, useApiForm, useShell } from '@tunehouse/area-kit';
import {
  Button,
  Notice,
  badgeStyle,
  colors,
  formatDateTime,
  stackedTableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { activeSessionsQuery } from './account-queries.js';
import { warnBadgeColor } from '../shared/badge-colors.js';
import { describeUserAgent } from './user-agent.js';

/** Below the tablet breakpoint each row becomes a small block (libs/ui's stacked table): it does not fit a phone. */
const sessionTable = css`
  ${stackedTableStyle};
  td small {
    display: block;
    color: ${colors.muted};
  }
  td > span + span {
    margin-left: 0.35rem;
  }
`;

function SessionRow({ session, readOnly }: { session: ActiveSession; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const device = describeUserAgent(session.userAgent);
  const endSession = useApiForm({
    send: (_: void, api) =>
      call(api, endpoints.accountSecurity.endSession, { params: { id: String(session.id) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
    successToast: `The session on ${device} is ended.`,
    failureToast: true,
  });
  // An ended session's row stays busy until the fresh list drops it.
  const ending = endSession.busy || endSession.succeeded;

  return (
    <tr>
      <td>
        <span>{device}</span>
        {session.current && <span css={badgeStyle(colors.primary)}>THIS DEVICE</span>}
        {session.impersonation && <span css={badgeStyle(colors.info)}>ADMIN VIEW</span>}
        {session.status === 'pending' && <span css={badgeStyle(warnBadgeColor)}>SECOND STEP OPEN</span>}
        {session.ip && <small>{session.ip}</small>}
      </td>
      <td data-label="Logged in">{formatDateTime(session.createdAt)}</td>
      <td data-label="Last active">{session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}</td>
      <td>
        {!session.current && !readOnly && (
          <Button
            variant="secondary"
            onClick={() => void endSession.submit()}
            disabled={ending}
            aria-label={`End the session on ${device}`}
          >
            {ending ? 'Ending…' : 'End'}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Where the user is logged in: this device marked, every other session can be ended. */
export function SessionsSection({ userId, readOnly }: { userId: string | number; readOnly: boolean }) {
  const shell = useShell();
  const sessions = useQuery(activeSessionsQuery(shell.api, userId));
  if (sessions.isPending) return <p role="status">Loading your sessions…</p>;
  if (sessions.isError) return <Notice tone="error">{messageOf(sessions.error)}</Notice>;
  return (
    <>
      <p>Where you are logged in now. End a session you do not recognise, then change your password.</p>
      <table css={sessionTable}>
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Logged in</th>
            <th scope="col">Last active</th>
            <th scope="col">
              <span css={visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.data.items.map((session) => (
            <SessionRow key={String(session.id)} session={session} readOnly={readOnly} />
          ))}
        </tbody>
      </table>
    </>
  );
}
