import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlbumDetail,
  type AlbumDistributionFee,
  formatMoney,
  formatUnitPrice,
  planName,
  releaseTitle,
} from '@tunehouse/contracts';
import {
  Link,
  messageOf,
  useApiForm,
  useMoney,
  usePageMeta,
  usePlatformCurrency,
  useShell,
} from '@tunehouse/area-kit';
import { Button, Card, ConfirmDialog, Notice, Page, colors, dangerButtonStyle } from '@tunehouse/ui';
import { stepPath } from '../shared/steps.js';
import { formatDay } from '../shared/format.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { publishAlbum, takeDownAlbum } from '../shared/queries.js';
import { albumFeeQuery, planInWords } from '../shared/fee-queries.js';
import { ReleaseHeader, ReleaseTabs } from '../shared/release-header.js';
import { linkStyle, muted } from '../shared/styles.js';
import { releaseState, wasPublished } from '../shared/release-state.js';
import { PayByCard } from './pay-by-card.js';
import { PlatformStatusTable } from './platform-status.js';
import { useRelease } from './use-release.js';

const actions = css`
  display: grid;
  gap: 1.25rem;
  @media (min-width: 720px) {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1rem;
  }
  p {
    margin: 0 0 0.75rem;
    color: ${colors.inkSoft};
    line-height: 1.5;
  }
`;

/** /albums/{id}/distribution: per-platform delivery detail, sending an update and taking the release down. */
export function DistributionPage() {
  usePageMeta('Distribution');
  const { id, album, entries } = useRelease({ platforms: true });
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  return (
    <Page title="Distribution">
      {album.data && <ReleaseHeader album={album.data} />}
      <ReleaseTabs albumId={id} />
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {entries.isError && (
        <LoadFailure what="The delivery status" error={entries.error} retry={() => void entries.refetch()} />
      )}
      {(album.isPending || entries.isPending) && !album.isError && !entries.isError && (
        <p role="status">Loading the delivery status…</p>
      )}
      {album.data && entries.data && (
        <>
          {album.data.status === 'DRAFT' && !album.data.deletedAt && (
            <Notice>
              This release has not been delivered yet.{' '}
              <Link to={`${stepPath(album.data.id, 'review')}`}>Review it for delivery</Link>.
            </Notice>
          )}
          <Card title="Per platform" id="per-platform">
            {entries.data.length === 0 ? (
              <p css={muted}>No platforms chosen.</p>
            ) : (
              <PlatformStatusTable entries={entries.data} links={album.data.links} detail />
            )}
          </Card>
          {wasPublished(album.data) && <FeeCard albumId={album.data.id} />}
          {wasPublished(album.data) && !album.data.deletedAt && <DistributionActions album={album.data} />}
          {album.data.deletedAt && (
            <Notice tone="warn">This release was taken down on {formatDay(album.data.deletedAt)}.</Notice>
          )}
        </>
      )}
    </Page>
  );
}

function DistributionActions({ album }: { album: AlbumDetail }) {
  const shell = useShell();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'update' | 'takedown' | null>(null);
  const fee = useQuery({ ...albumFeeQuery(shell.api, album.id), enabled: asking === 'takedown' });
  const takedownButton = useRef<HTMLButtonElement>(null);
  const changed = releaseState(album) === 'CHANGED';
  const platforms = album.platforms?.length ?? 0;
  const offer = fee.data?.settlementRequiredForTakedown ? fee.data.settlementOffer : null;

  const write = useApiForm({
    send: ({ action }: { action: () => Promise<unknown>; done: string }) => action(),
    onSuccess: () => setAsking(null),
    successToast: (_, { done }) => done,
    // A settlement offer that changed meanwhile (409) is shown anew.
    onError: () => void fee.refetch(),
  });
  const { busy, formError: error } = write;
  const close = () => {
    setAsking(null);
    write.reset();
  };
  const run = (action: () => Promise<unknown>, done: string) => write.submit({ action, done });

  return (
    <Card title="Changes and takedown" id="actions">
      <div css={actions}>
        <div>
          <h3>Send an update</h3>
          <p>
            {changed
              ? 'You changed the release since it was delivered. Send the changes to its platforms.'
              : 'Change the release in the editor first; the changes are then sent from here.'}
          </p>
          {changed ? (
            <Button onClick={() => setAsking('update')}>Send the changes</Button>
          ) : (
            <Link css={linkStyle} to={stepPath(album.id, 'details')}>
              Edit the release
            </Link>
          )}
        </div>
        <div>
          <h3>Take down</h3>
          <p>
            Removes the release from every store. Its streams and royalties up to then stay in your reports.
          </p>
          <button
            type="button"
            ref={takedownButton}
            css={dangerButtonStyle}
            onClick={() => setAsking('takedown')}
          >
            Take down
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking === 'update'}
        title="Send the changes?"
        confirmLabel={`Send to ${platforms} ${platforms === 1 ? 'platform' : 'platforms'}`}
        busy={busy}
        busyLabel="Sending…"
        error={error}
        onCancel={close}
        onConfirm={() =>
          void run(
            () => publishAlbum(shell.api, queryClient, album.id, { termsAccepted: true }),
            'The changes are on their way to the stores.',
          )
        }
      >
        <p>
          The changes to “{releaseTitle(album)}” go to its platforms. Stores usually show them within a few
          days.
        </p>
        <p>
          Sending them confirms again that you accept the{' '}
          <a href={shell.config.helpLinks.terms} target="_blank" rel="noreferrer noopener">
            terms and conditions
          </a>{' '}
          and own the rights to the release.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'takedown'}
        title="Take the release down?"
        tone="danger"
        confirmLabel={offer ? 'Pay and take down' : 'Take down'}
        busy={busy || fee.isPending}
        busyLabel={fee.isPending ? 'Checking the fee…' : 'Taking down…'}
        error={error ?? (fee.isError ? messageOf(fee.error) : null)}
        fallbackFocus={takedownButton}
        onCancel={close}
        onConfirm={() =>
          void run(
            () => takeDownAlbum(shell.api, queryClient, album.id, offer?.amountDue ?? 0),
            'The release is being taken down.',
          )
        }
      >
        <p>
          “{releaseTitle(album)}” will be removed from all {platforms} platforms. This cannot be undone.
        </p>
        {offer && (
          <p>
            Its distribution fee is not collected yet: taking it down now costs{' '}
            <strong>{money(offer.amountDue)}</strong> for the{' '}
            {offer.numberOfStreamsRemaining.toLocaleString('en')} streams still owed, paid from your balance.
          </p>
        )}
        {offer && offer.amountDue > 0 && <PayByCard albumId={String(album.id)} amountDue={offer.amountDue} />}
      </ConfirmDialog>
    </Card>
  );
}

const progressStyle = css`
  width: 100%;
  height: 0.75rem;
  margin: 0.35rem 0 0.75rem;
  accent-color: ${colors.primary};
`;

/**
 * The release's licence and its distribution fee ("pay with streams"): the plan in plain words, the fee's streams
 * collected so far, and what a takedown would cost now. A 204 from the API is a release without a fee.
 */
function FeeCard({ albumId }: { albumId: string | number }) {
  const shell = useShell();
  const fee = useQuery(albumFeeQuery(shell.api, albumId));
  return (
    <Card title="Licence and distribution fee" id="fee">
      {fee.isPending && <p role="status">Loading the fee…</p>}
      {fee.isError && (
        <LoadFailure what="The distribution fee" error={fee.error} retry={() => void fee.refetch()} />
      )}
      {fee.isSuccess && fee.data === null && (
        <p data-fee="none">
          No distribution fee is due: its plan has none, or its first fee year begins on the release date.
          Taking it down costs nothing.
        </p>
      )}
      {fee.data && <FeeDetail fee={fee.data} />}
    </Card>
  );
}

function FeeDetail({ fee }: { fee: AlbumDistributionFee }) {
  const currency = usePlatformCurrency();
  const plan = fee.license.paymentPlan;
  const { numberOfStreams: total, numberOfStreamsCollected: collected } = fee;
  return (
    <div data-fee={fee.isSettled ? 'settled' : 'collecting'}>
      <p css={{ margin: '0 0 0.75rem', lineHeight: 1.5 }}>
        <strong>{planName(plan)} plan.</strong> {planInWords(plan, currency)}
      </p>
      <p css={{ margin: 0 }}>
        Fee {fee.sequenceNumber}, for {formatDay(fee.issuedAt)} to {formatDay(fee.expiresAt)}:{' '}
        <strong>
          {collected.toLocaleString('en')} of {total.toLocaleString('en')} streams
        </strong>{' '}
        collected.
      </p>
      <progress
        css={progressStyle}
        max={total}
        value={collected}
        aria-label={`Distribution fee: ${collected.toLocaleString('en')} of ${total.toLocaleString('en')} streams collected`}
      />
      {fee.isSettled ? (
        <p css={muted}>
          Settled{fee.settledAt ? ` on ${formatDay(fee.settledAt)}` : ''}: every royalty is yours until the
          next fee year.
        </p>
      ) : fee.settlementOffer ? (
        <p css={muted}>
          Taking the release down now costs {formatMoney(fee.settlementOffer.amountDue, currency)}: the{' '}
          {fee.settlementOffer.numberOfStreamsRemaining.toLocaleString('en')} streams still owed at{' '}
          {formatUnitPrice(fee.settlementOffer.pricePerStream, currency)} a stream.
        </p>
      ) : (
        <p css={muted}>This fee year is over; what it did not collect is not owed.</p>
      )}
    </div>
  );
}
