import { css } from '@emotion/react';
import { PLATFORM_NAMES, releaseTitle, safeFileName, type AlbumDetail } from '@tunehouse/contracts';
import { useShell, usePageMeta } from '@tunehouse/area-kit';
import { Button, Card, Notice, Page, colors } from '@tunehouse/ui';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { ReleaseHeader, ReleaseTabs } from '../shared/release-header.js';
import { lede, linkStyle, muted } from '../shared/styles.js';
import { ArtworkDownload } from './artwork-download.js';
import { StoreLinkQr } from './store-link-qr.js';
import { useRelease } from './use-release.js';

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    padding: 0.6rem 0;
  }
  li + li {
    border-top: 1px solid ${colors.border};
  }
  strong {
    flex: 0 0 11rem;
  }
  a {
    flex: 1 1 12rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** Every store link, one per line with the store's name, ready to paste into a post. */
function allLinks(album: AlbumDetail): string {
  return album.links.map((link) => `${PLATFORM_NAMES[link.platform]}: ${link.url}`).join('\n');
}

function useCopy() {
  const shell = useShell();
  return async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      shell.toasts.push(`${what} copied.`, 'SUCCESS');
    } catch {
      shell.toasts.push(`${what} could not be copied; select it and copy it yourself.`, 'WARN');
    }
  };
}

/**
 * /albums/{id}/promotion: the release's store links with their QR codes, its artwork to download, and its smart
 * link, to share.
 */
export function PromotionPage() {
  usePageMeta('Promotion');
  const copy = useCopy();
  const { id, album } = useRelease();
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  return (
    <Page title="Promotion">
      {album.data && <ReleaseHeader album={album.data} />}
      <ReleaseTabs albumId={id} />
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {album.isPending && <p role="status">Loading the release…</p>}
      {album.data && (
        <>
          <Card title="Store links" id="store-links">
            {album.data.links.length === 0 ? (
              <p css={muted}>
                No store has published the release yet. Links appear here as each store makes it live.
              </p>
            ) : (
              <ul css={list}>
                {album.data.links.map((link) => (
                  <li key={link.platform} data-platform={link.platform}>
                    <strong>{PLATFORM_NAMES[link.platform]}</strong>
                    <a css={linkStyle} href={link.url} target="_blank" rel="noreferrer noopener">
                      {link.url}
                    </a>
                    <Button
                      variant="ghost"
                      aria-label={`Copy the ${PLATFORM_NAMES[link.platform]} link`}
                      onClick={() => void copy(link.url, `The ${PLATFORM_NAMES[link.platform]} link`)}
                    >
                      Copy
                    </Button>
                    <StoreLinkQr
                      url={link.url}
                      name={PLATFORM_NAMES[link.platform]}
                      fileBase={safeFileName(
                        `${releaseTitle(album.data)} ${PLATFORM_NAMES[link.platform]}`,
                        '',
                      )}
                    />
                  </li>
                ))}
              </ul>
            )}
            {album.data.links.length > 1 && (
              <div css={{ marginTop: '1rem' }}>
                <Button
                  variant="secondary"
                  onClick={() => void copy(allLinks(album.data), 'Every store link')}
                >
                  Copy every link
                </Button>
              </div>
            )}
          </Card>
          <Card title="Artwork" id="artwork">
            <ArtworkDownload artwork={album.data.artwork} title={releaseTitle(album.data)} />
          </Card>
          <Card title="Smart link" id="smart-link">
            <p css={lede}>
              A smart link is one address for fans that opens the release in the store each of them uses.
            </p>
            <Notice>
              Smart links are not available yet. Until they are, share the store links above, or copy every
              link at once.
            </Notice>
          </Card>
        </>
      )}
    </Page>
  );
}
