import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Split, SplitParticipant } from '@tunehouse/contracts';
import {
  Link,
  MoneyReadOnlyNotice,
  messageOf,
  useParams,
  useShell,
  useViewingAs,
  useMoney,
} from '@tunehouse/area-kit';
import { Card, ConfirmDialog, Notice, buttonStyles, colors } from '@tunehouse/ui';
import { CopyLink } from '../shared/copy-link.js';
import { formatShare } from '../shared/percent.js';
import { participantName } from '../shared/participants.js';
import { QueryPage } from '../shared/query-page.js';
import { ReleaseRef } from '../shared/release-ref.js';
import { resendInvite, revokeInvite, splitKeys, splitQuery } from '../shared/split-queries.js';
import { EarningsByMonth } from './earnings-by-month.js';
import { ParticipantsTable, type ParticipantActions } from './participants-table.js';
import { Recoupments, TrackOverrides, VersionHistory, monthOf } from '../shared/split-sections.js';

const headerStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.5rem;
  p {
    margin: 0.25rem 0 0;
    color: ${colors.inkSoft};
  }
`;

/** The release, what the viewer is to the split, the version in force, and the owner's way to change it. */
function SplitHeader({ split }: { split: Split }) {
  const viewer = split.participants.find((participant) => participant.isViewer);
  const current = split.versions.find((version) => version.number === split.currentVersion);
  const readOnly = useViewingAs() !== null;
  return (
    <div css={headerStyle}>
      <div>
        <ReleaseRef album={split.album} size="large" />
        <p>
          {split.viewerRole === 'OWNER' ? 'You own this split' : 'You take part in this split'}
          {viewer && ` with ${formatShare(viewer.basisPoints)} of the release`}.
          {current && ` Version ${current.number}, in force from ${monthOf(current.effectiveFrom)}.`}
        </p>
      </div>
      <span css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <Link to={`/splits/${split.id}/split`} css={buttonStyles.secondary}>
          Shares by track
        </Link>
        {split.viewerRole === 'OWNER' && !readOnly && (
          <Link to={`/albums/${split.album.id}/splits/edit`} css={buttonStyles.primary}>
            Edit split
          </Link>
        )}
      </span>
    </div>
  );
}

/** Re-send and Revoke for the owner's pending invites; a revocation moves money, so it is confirmed and keyed. */
function useInviteActions(split: Split) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const money = useMoney();
  const [resent, setResent] = useState<{ name: string; url: string } | null>(null);
  const [revoking, setRevoking] = useState<SplitParticipant | null>(null);
  // One key per participant whose revocation the owner asked for: a retry after a lost answer is the same one.
  const revokeKeys = useRef(new Map<string, string>());
  const keyFor = (participantId: string) => {
    const key = revokeKeys.current.get(participantId) ?? crypto.randomUUID();
    revokeKeys.current.set(participantId, key);
    return key;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: splitKeys.all });
  const resend = useMutation({
    mutationFn: (participant: SplitParticipant) => resendInvite(shell.api, split.id, participant.id),
    onSuccess: (link, participant) => {
      setResent({ name: participantName(participant), url: link.url });
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (participant: SplitParticipant) =>
      revokeInvite(shell.api, split.id, participant.id, keyFor(participant.id)),
    onSuccess: (answer, participant) => {
      setRevoking(null);
      shell.toasts.push(
        `The invite to ${participantName(participant)} is revoked${answer.released > 0 ? `; ${money(answer.released)} returned to your wallet` : ''}.`,
        'SUCCESS',
      );
      return refresh();
    },
  });
  const busy = resend.isPending ? resend.variables : revoke.isPending ? revoke.variables : undefined;
  const actions: ParticipantActions = {
    onResend: (participant) => {
      setResent(null);
      resend.mutate(participant);
    },
    onRevoke: (participant) => {
      revoke.reset();
      setRevoking(participant);
    },
    busyId: busy?.id ?? null,
    readOnly: useViewingAs() !== null,
  };
  const panels = (
    <>
      {resend.isError && <Notice tone="error">{messageOf(resend.error)}</Notice>}
      {resent && (
        <Notice tone="success">
          A new invite is on its way to {resent.name}; the old link no longer works. You can also send this
          link yourself:
          <CopyLink url={resent.url} label={`Invite link for ${resent.name}`} />
        </Notice>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invite?"
        confirmLabel="Revoke invite"
        busyLabel="Revoking…"
        tone="danger"
        busy={revoke.isPending}
        error={revoke.isError ? messageOf(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        {revoking && (
          <p>
            {participantName(revoking)}’s link stops working and their {formatShare(revoking.basisPoints)}{' '}
            comes back to you. {money(revoking.held)} held for them returns to your wallet.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
  return { actions, panels };
}

function OwnerParticipants({ split }: { split: Split }) {
  const { actions, panels } = useInviteActions(split);
  return (
    <>
      {panels}
      <ParticipantsTable split={split} actions={actions} />
    </>
  );
}

/** /splits/{id}: the participants with their shares and earnings, track shares, recoupments and versions. */
export function SplitDetailPage() {
  const { id = '' } = useParams();
  const shell = useShell();
  const split = useQuery(splitQuery(shell.api, id));
  return (
    <QueryPage
      title="Split"
      query={split}
      what="the split"
      backTo="/splits"
      lead={
        <p>
          <Link to="/splits">All splits</Link>
        </p>
      }
    >
      {(data) => (
        <>
          <MoneyReadOnlyNotice />
          <SplitHeader split={data} />
          <Card title="Participants" id="participants">
            {data.viewerRole === 'OWNER' ? (
              <OwnerParticipants split={data} />
            ) : (
              <ParticipantsTable split={data} />
            )}
          </Card>
          <Card title="Earnings per month" id="earnings">
            <EarningsByMonth split={data} />
          </Card>
          <Card title="Tracks with their own shares" id="track-shares">
            <TrackOverrides split={data} />
          </Card>
          <Card title="Costs recouped first" id="recoupments">
            <Recoupments split={data} />
          </Card>
          <Card title="Version history" id="versions">
            <VersionHistory split={data} />
          </Card>
        </>
      )}
    </QueryPage>
  );
}
