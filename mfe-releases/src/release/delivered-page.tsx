import { css } from '@emotion/react';
import { Link, ShellLink, usePageMeta } from '@tunehouse/area-kit';
import { Card, Notice, Page, buttonStyles, colors } from '@tunehouse/ui';
import { releaseTitle } from '@tunehouse/contracts';
import { formatDay } from '../shared/format.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { ReleaseHeader } from '../shared/release-header.js';
import { releaseState } from '../shared/release-state.js';
import { actionRow } from '../shared/styles.js';
import { PlatformStatusTable } from './platform-status.js';
import { useRelease } from './use-release.js';

const steps = css`
  margin: 0;
  padding-left: 1.2rem;
  line-height: 1.7;
  color: ${colors.inkSoft};
`;

/** /albums/{id}/delivered: the release is on its way; what happens next and where each platform stands. */
export function DeliveredPage() {
  usePageMeta('Delivered');
  const { id, album, entries } = useRelease({ platforms: true });
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  const splits = `/albums/${id}/splits`;
  const state = album.data ? releaseState(album.data) : null;
  const inReview = state === 'IN_REVIEW';
  return (
    <Page title="Delivered">
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {album.isPending && <p role="status">Loading the release…</p>}
      {album.data && (
        <>
          <ReleaseHeader album={album.data} />
          <Notice tone="success">
            {state === 'LIVE'
              ? `“${releaseTitle(album.data)}” is live${album.data.releaseDate ? `, out since ${formatDay(album.data.releaseDate)}` : ''}.`
              : `“${releaseTitle(album.data)}” is on its way to ${album.data.platforms?.length ?? 0} platforms${album.data.releaseDate ? `, to go live on ${formatDay(album.data.releaseDate)}` : ''}.`}
          </Notice>
          <Card title="What happens next" id="next">
            <ol css={steps}>
              {inReview && <li>Our content review checks the release, usually within a working day.</li>}
              <li>
                {inReview ? 'Each platform then checks it too' : 'Each platform checks the release'}; most
                take a few days.
              </li>
              <li>When a store makes it live, its link appears on the release&apos;s promotion page.</li>
              <li>Streams and royalties show up in your analytics and wallet as the stores report them.</li>
            </ol>
          </Card>
          <Card title="Platforms" id="platforms">
            {entries.isError && (
              <LoadFailure what="The platforms" error={entries.error} retry={() => void entries.refetch()} />
            )}
            {inReview && (
              <p css={{ margin: '0 0 0.75rem', color: colors.inkSoft }}>
                Deliveries start once the content review has accepted the release.
              </p>
            )}
            {entries.data && <PlatformStatusTable entries={entries.data} links={album.data.links} />}
          </Card>
          <div css={actionRow}>
            <Link css={buttonStyles.primary} to={`/albums/${id}`}>
              See the release
            </Link>
            <ShellLink css={buttonStyles.secondary} to={splits}>
              Split the royalties
            </ShellLink>
            <Link css={buttonStyles.ghost} to="/albums">
              Back to your releases
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
