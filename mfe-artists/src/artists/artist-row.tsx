import { css } from '@emotion/react';
import { PLATFORM_NAMES, type ArtistDetail, type Platform } from '@tunehouse/contracts';
import { Avatar, Button, Tooltip, colors, formatDate, radius } from '@tunehouse/ui';
import { rowActionsStyle } from '../shared/list-layout.js';
import { artistImageUrl } from './artist-queries.js';

/** A dot in the platform's own colour in front of its name (decoration only; the text carries the meaning). */
const PLATFORM_DOTS: Partial<Record<Platform, string>> = {
  SPOTIFY: '#1db954',
  APPLE_MUSIC: '#fa243c',
  YOUTUBE: '#ff0000',
  DEEZER: '#a238ff',
  AMAZON: '#25d1da',
  TIDAL: '#16131f',
  TIKTOK: '#25f4ee',
  FACEBOOK: '#1877f2',
};

const badgeListStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const profileBadgeStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.15rem 0.55rem;
  border: 1px solid ${colors.border};
  border-radius: ${radius.round};
  background: ${colors.surface};
  color: ${colors.ink};
  font-size: 0.8rem;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    border-color: ${colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
`;

const nameCellStyle = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  small {
    color: ${colors.muted};
    font-size: 0.8rem;
  }
`;

/** An artist's platform profiles as badges, each a link to the profile. */
export function ProfileBadges({ artist }: { artist: ArtistDetail }) {
  if (artist.profiles.length === 0)
    return (
      <span
        css={css`
          color: ${colors.muted};
          font-size: 0.9rem;
        `}
      >
        No profiles
      </span>
    );
  return (
    <ul css={badgeListStyle} aria-label={`Profiles of ${artist.name}`}>
      {artist.profiles.map((profile) => {
        const platform = PLATFORM_NAMES[profile.platform];
        return (
          <li key={profile.platform}>
            <Tooltip content={`${profile.name} on ${platform}`}>
              <a href={profile.url} target="_blank" rel="noreferrer" css={profileBadgeStyle}>
                <span
                  aria-hidden="true"
                  css={css`
                    width: 0.5rem;
                    height: 0.5rem;
                    border-radius: 50%;
                    background: ${PLATFORM_DOTS[profile.platform] ?? colors.muted};
                  `}
                />
                {platform}
              </a>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

/** One artist in the list: picture, name, profiles, album and track counts, and what can be done with it. */
export function ArtistRow({
  artist,
  onEdit,
  onDelete,
}: {
  artist: ArtistDetail;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <td>
        <div css={nameCellStyle}>
          <Avatar name={artist.name} src={artistImageUrl(artist, 44)} size={44} decorative />
          <div
            css={css`
              min-width: 0;
            `}
          >
            <strong>{artist.name}</strong>
            <small>Added {formatDate(artist.createdAt)}</small>
          </div>
        </div>
      </td>
      <td>
        <ProfileBadges artist={artist} />
      </td>
      <td data-label="Albums">{artist.albumCount}</td>
      <td data-label="Tracks">{artist.trackCount}</td>
      <td>
        <div css={rowActionsStyle}>
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${artist.name}`}>
            Edit
          </Button>
          <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${artist.name}`}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
