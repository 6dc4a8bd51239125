import { css } from '@emotion/react';
import { liveTracks, type AlbumDetail, type Track } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { Button, colors, formatDuration } from '@tunehouse/ui';
import { explicitBadge } from '../shared/styles.js';

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.6rem 0;
  }
  li + li {
    border-top: 1px solid ${colors.border};
  }
`;
const index = css`
  flex: none;
  width: 1.6rem;
  color: ${colors.muted};
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const main = css`
  flex: 1;
  min-width: 0;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${colors.muted};
    font-size: 0.82rem;
  }
`;

/** Plays a track's preview range (30 s from previewStart) through the shell's player. */
export function usePlayPreview() {
  const shell = useShell();
  return (track: Track) => {
    if (!track.audio) return;
    shell.player.toggle({
      id: track.id,
      url: track.audio.mp3?.url ?? track.audio.original.url,
      title: track.title ?? undefined,
      artists: track.artists.map((artist) => artist.name),
      range:
        track.previewStart === null || track.previewStart === undefined
          ? undefined
          : { start: track.previewStart, duration: 30, label: 'PREVIEW' },
    });
  };
}

/** The release's tracks in order, with artists, duration, ISRC and a preview button. */
export function TrackList({ album }: { album: AlbumDetail }) {
  const play = usePlayPreview();
  const tracks = liveTracks(album);
  if (tracks.length === 0) return <p css={{ color: colors.muted, margin: 0 }}>No tracks yet.</p>;
  return (
    <ol css={list}>
      {tracks.map((track) => {
        const title = track.title?.trim() || 'Untitled';
        return (
          <li key={String(track.id)} data-track={track.index}>
            <span css={index}>{track.index}</span>
            <div css={main}>
              <strong>
                {title}
                {track.version ? ` (${track.version})` : ''}
                {track.explicit && (
                  <span css={explicitBadge} title="Explicit">
                    E
                  </span>
                )}
              </strong>
              <small>
                {[
                  track.artists.map((artist) => artist.name).join(', '),
                  track.audio ? formatDuration(track.audio.original.duration) : 'No audio',
                  track.isrc ? `ISRC ${track.isrc}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </div>
            {track.audio && (
              <Button variant="secondary" onClick={() => play(track)} aria-label={`Play preview of ${title}`}>
                ▶ Preview
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
