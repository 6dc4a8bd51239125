import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { type Album, RELEASE_TYPE_NAMES, releaseTitle } from '@tunehouse/contracts';
import { NavLink, ShellLink } from '@tunehouse/area-kit';
import { badgeStyle, colors, mq, tabBarStyle } from '@tunehouse/ui';
import { ArtworkImage } from './artwork.js';
import { formatDay } from './format.js';
import { RELEASE_STATE_COLORS, RELEASE_STATE_NAMES, releaseState } from './release-state.js';

export const primaryArtists = (album: Pick<Album, 'artists'>) =>
  (album.artists ?? [])
    .filter((artist) => artist.role === 'PRIMARY')
    .map((artist) => artist.name)
    .join(', ');

const headerStyle = css`
  display: flex;
  gap: 1rem;
  align-items: center;
  margin: -0.5rem 0 1.25rem;
  h2 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0.2rem 0 0;
    color: ${colors.inkSoft};
  }
  ${mq('tablet')} {
    gap: 1.25rem;
  }
`;
const meta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem 0.75rem;
  align-items: center;
  margin-top: 0.4rem;
  font-size: 0.88rem;
  color: ${colors.muted};
`;

/** The release a page is about: cover, title, artists, status, type and release date. */
export function ReleaseHeader({ album, children }: { album: Album; children?: ReactNode }) {
  const state = releaseState(album);
  return (
    <div css={headerStyle}>
      <ArtworkImage artwork={album.artwork} size="4.5rem" alt={`Artwork of ${releaseTitle(album)}`} />
      <div
        css={css`
          min-width: 0;
        `}
      >
        <h2>{releaseTitle(album)}</h2>
        <p>{primaryArtists(album) || 'No artist yet'}</p>
        <div css={meta}>
          <span css={badgeStyle(RELEASE_STATE_COLORS[state])} data-state={state}>
            {RELEASE_STATE_NAMES[state].toUpperCase()}
          </span>
          {album.format && <span>{RELEASE_TYPE_NAMES[album.format]}</span>}
          {album.releaseDate && <span>Release date {formatDay(album.releaseDate)}</span>}
        </div>
        {children}
      </div>
    </div>
  );
}

/** The pages of one release: overview, distribution, promotion, splits (the splits area) and label copy. */
export function ReleaseTabs({ albumId }: { albumId: string }) {
  const base = `/albums/${albumId}`;
  const splits = `${base}/splits`;
  return (
    <nav css={tabBarStyle} aria-label="Release pages">
      <NavLink to={base} end>
        Overview
      </NavLink>
      <NavLink to={`${base}/distribution`}>Distribution</NavLink>
      <NavLink to={`${base}/promotion`}>Promotion</NavLink>
      <ShellLink to={splits}>Splits</ShellLink>
      <NavLink to={`${base}/labelcopy`}>Label copy</NavLink>
    </nav>
  );
}
