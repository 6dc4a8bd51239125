import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { type ActiveSession, call, endpoints } from '@tunehouse/contracts';
import { messageOf, useApiForm, useShell } from '@tunehouse/area-kit';
import {
  Button,
  Notice,
  badgeStyle,
  breakpoints,
  colors,
  formatDate,
  tableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { activeSessionsQuery } from './account-queries.js';
import { warnBadgeColor } from '../shared/badge-colors.js';
import { describeUserAgent } from './user-agent.js';

/** Below the tablet breakpoint each row becomes a small block: the table does not fit a phone. */
const sessionTable = css`
  ${tableStyle};
  td small {
    display: block;
    color: ${colors.muted};
  }
  td > span + span {
    margin-left: 0.35rem;
  }
  @media (max-width: ${breakpoints.tablet - 1}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr,
    td {
      display: block;
    }
    tr {
      border-top: 1px solid ${colors.border};
      padding: 0.5rem 0;
    }
    td {
      border: 0;
      padding: 0.2rem 0;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${colors.muted};
    }
  }
`;

const pad = (n: number) => String(n).padStart(2, '0');
function formatDateTime(value: string): string {
  const date = new Date(value);
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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
