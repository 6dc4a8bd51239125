import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SplitInvite } from '@tunehouse/contracts';
import {
  Link,
  MoneyReadOnlyNotice,
  messageOf,
  useNavigate,
  usePageMeta,
  useShell,
  useViewingAs,
  useMoney,
} from '@tunehouse/area-kit';
import { isApiError } from '@tunehouse/shell-contract';
import {
  Button,
  Card,
  ConfirmDialog,
  Notice,
  Page,
  colors,
  formatDate,
  tableScroll,
  tableStyle,
} from '@tunehouse/ui';
import { formatShare } from '../shared/percent.js';
import { ReleaseRef } from '../shared/release-ref.js';
import { answerInvite, inviteQuery, splitKeys } from '../shared/split-queries.js';
import { figureStyle } from '../shared/styles.js';
import { monthOf } from '../shared/split-sections.js';

const factsStyle = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1rem;
  margin: 1rem 0;
  dt {
    color: ${colors.inkSoft};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const actionsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1rem;
`;

/** Why an invite can no longer be answered, or null while it can. */
function closedReason(invite: SplitInvite): string | null {
  if (invite.status === 'ACCEPTED') return 'You have already accepted this invite.';
  if (invite.status === 'DECLINED') return 'This invite was declined; it can no longer be accepted.';
  if (invite.status === 'REVOKED') return `${invite.ownerName} withdrew this invite.`;
  if (invite.expired)
    return `This invite expired on ${formatDate(invite.expiresAt)}. Ask ${invite.ownerName} to send you a new one.`;
  return null;
}

/** The tracks whose share differs from the release-wide one the invitee is offered. */
function TrackShares({ invite }: { invite: SplitInvite }) {
  const different = invite.tracks.filter((track) => track.basisPoints !== invite.basisPoints);
  if (different.length === 0) return <p>The same share of every track.</p>;
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label="Your share per track">
      <table css={tableStyle} aria-label="Your share per track">
        <thead>
          <tr>
            <th scope="col">Track</th>
            <th scope="col" css={figureStyle}>
              Your share
            </th>
          </tr>
        </thead>
        <tbody>
          {invite.tracks.map((track) => (
            <tr key={track.id}>
              <td>
                {track.position}. {track.title}
              </td>
              <td css={figureStyle}>{formatShare(track.basisPoints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InviteAnswer({ code, invite }: { code: string; invite: SplitInvite }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const money = useMoney();
  const [confirming, setConfirming] = useState(false);
  // One key per answer the invitee gives: pressing again after a lost answer repeats the same request, so the
  // held money moves once.
  const keys = useRef<{ accept?: string; decline?: string }>({});
  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') =>
      answerInvite(shell.api, code, choice, (keys.current[choice] ??= crypto.randomUUID())),
    onSuccess: async (result, choice) => {
      await queryClient.invalidateQueries({ queryKey: splitKeys.all });
      if (choice === 'accept') {
        shell.toasts.push(
          `You are on the split of ${invite.album.title}${result.released > 0 ? `; ${money(result.released)} moved to your wallet` : ''}.`,
          'SUCCESS',
        );
        await navigate(`/splits/${result.splitId}`);
      } else setConfirming(false);
    },
    onError: (error) => {
      // Answered or expired meanwhile: the invite as it stands now says why.
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: splitKeys.invite(code) });
    },
  });
  const failed = answer.isError ? messageOf(answer.error) : null;
  // An administrator viewing as the user may read the invite but not answer it (the API refuses too).
  const readOnly = useViewingAs() !== null;
  return (
    <>
      <MoneyReadOnlyNotice />
      {failed && !confirming && <Notice tone="error">{failed}</Notice>}
      <div css={actionsStyle}>
        <Button disabled={answer.isPending || readOnly} onClick={() => answer.mutate('accept')}>
          {answer.isPending && answer.variables === 'accept' ? 'Accepting…' : 'Accept'}
        </Button>
        <Button
          variant="secondary"
          disabled={answer.isPending || readOnly}
          onClick={() => {
            answer.reset();
            setConfirming(true);
          }}
        >
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Decline this split?"
        confirmLabel="Decline"
        busyLabel="Declining…"
        tone="danger"
        busy={answer.isPending}
        error={failed}
        onConfirm={() => answer.mutate('decline')}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Your {formatShare(invite.basisPoints)} goes back to {invite.ownerName}
          {invite.held > 0 ? `, with the ${money(invite.held)} held for you` : ''}. You cannot accept later.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Invite({ code, invite }: { code: string; invite: SplitInvite }) {
  const money = useMoney();
  const closed = closedReason(invite);
  return (
    <Card title="You are invited to a split" id="invite">
      <ReleaseRef album={invite.album} size="large" />
      <p>
        {invite.ownerName} invites you to share the royalties of <strong>{invite.album.title}</strong> as{' '}
        {invite.role}.
      </p>
      <dl css={factsStyle}>
        <dt>Your share</dt>
        <dd>{formatShare(invite.basisPoints)}</dd>
        <dt>Takes effect from</dt>
        <dd>{monthOf(invite.effectiveFrom)}</dd>
        <dt>Already held for you</dt>
        <dd>{money(invite.held)}</dd>
        {!closed && (
          <>
            <dt>Answer before</dt>
            <dd>{formatDate(invite.expiresAt)}</dd>
          </>
        )}
      </dl>
      <TrackShares invite={invite} />
      {closed ? (
        <Notice tone="warn">
          {closed}{' '}
          {invite.status === 'ACCEPTED' && <Link to={`/splits/${invite.splitId}`}>Open the split</Link>}
        </Notice>
      ) : (
        <InviteAnswer code={code} invite={invite} />
      )}
    </Card>
  );
}

/** /splits/?invite={code}: what the link offers, and the invitee's answer. */
export function InvitePage({ code }: { code: string }) {
  usePageMeta('Royalty splits');
  const shell = useShell();
  const invite = useQuery(inviteQuery(shell.api, code));
  return (
    <Page title="Royalty splits">
      {invite.data ? (
        <Invite code={code} invite={invite.data} />
      ) : invite.isError ? (
        <Notice tone="error">
          {isApiError(invite.error) && invite.error.status >= 400 && invite.error.status < 500
            ? 'This invite link does not work: it may have been replaced by a newer one or withdrawn. Ask whoever sent it for a new link.'
            : messageOf(invite.error)}
        </Notice>
      ) : (
        <p role="status">Loading the invite…</p>
      )}
      <p>
        <Link to="/splits">Your splits</Link>
      </p>
    </Page>
  );
}
