import { css } from '@emotion/react';
import type { Split, SplitParticipant } from '@tunehouse/contracts';
import { Button, badgeStyle, colors, formatDate, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatShare } from '../shared/percent.js';
import { STATUS_COLORS, STATUS_LABELS, participantName } from '../shared/participants.js';
import { figureStyle } from '../shared/styles.js';
import { useMoney } from '@tunehouse/area-kit';

const actionsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const noteStyle = css`
  display: block;
  color: ${colors.inkSoft};
  font-size: 0.85rem;
`;

export interface ParticipantActions {
  onResend: (participant: SplitParticipant) => void;
  onRevoke: (participant: SplitParticipant) => void;
  /** The participant whose re-send or revocation is on its way. */
  busyId: string | null;
  /** An administrator viewing as the owner: the invites are shown, not changed (the page says why). */
  readOnly?: boolean | undefined;
}

/**
 * Everyone on a split with their role, status, release-wide share, earnings and what is held for them; the owner
 * gets Re-send and Revoke for invites not yet answered.
 */
export function ParticipantsTable({
  split,
  actions,
}: {
  split: Split;
  actions?: ParticipantActions | undefined;
}) {
  const money = useMoney();
  const label = `Participants of ${split.album.title}`;
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col" css={figureStyle}>
              Share
            </th>
            <th scope="col" css={figureStyle}>
              Earnings
            </th>
            <th scope="col" css={figureStyle}>
              Held
            </th>
            {actions && <th scope="col">Invite</th>}
          </tr>
        </thead>
        <tbody>
          {split.participants.map((participant) => (
            <tr key={participant.id}>
              <th scope="row" css={{ color: colors.ink }}>
                {participantName(participant)}
                {participant.isViewer && ' (you)'}
              </th>
              <td>
                {participant.isOwner && !/owner/i.test(participant.role)
                  ? `${participant.role} · owner`
                  : participant.role}
              </td>
              <td>
                <span css={badgeStyle(STATUS_COLORS[participant.status])}>
                  {STATUS_LABELS[participant.status]}
                </span>
                {participant.status === 'PENDING' && participant.inviteExpiresAt && (
                  <span css={noteStyle}>until {formatDate(participant.inviteExpiresAt)}</span>
                )}
                {participant.invitesOptedOut && (
                  <span css={noteStyle}>Not mailed: the recipient asked not to receive invites</span>
                )}
              </td>
              <td css={figureStyle}>{formatShare(participant.basisPoints)}</td>
              <td css={figureStyle}>{money(participant.earnings)}</td>
              <td css={figureStyle}>{money(participant.held)}</td>
              {actions && (
                <td>
                  {participant.status === 'PENDING' && !participant.isOwner && (
                    <span css={actionsStyle}>
                      <Button
                        variant="secondary"
                        disabled={actions.readOnly || actions.busyId === participant.id}
                        aria-label={`Re-send the invite to ${participantName(participant)}`}
                        onClick={() => actions.onResend(participant)}
                      >
                        Re-send
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={actions.readOnly || actions.busyId === participant.id}
                        aria-label={`Revoke the invite to ${participantName(participant)}`}
                        onClick={() => actions.onRevoke(participant)}
                      >
                        Revoke
                      </Button>
                    </span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
