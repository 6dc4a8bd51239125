import { css } from '@emotion/react';
import {
  CREDIT_ROLE_NAMES,
  genresText,
  liveTracks,
  type AlbumDetail,
  type Track,
} from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { Button, colors, formatDuration, visuallyHidden } from '@tunehouse/ui';
import { explicitBadge } from '../shared/styles.js';

/** How long the shell plays a preview range (the stores' 30 s clip, as the Releases area plays it). */
const PREVIEW_SECONDS = 30;

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    padding: 0.75rem 0;
  }
  > li + li {
    border-top: 1px solid ${colors.border};
  }
`;
const head = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  h4 {
    flex: 1 1 12rem;
    min-width: 0;
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
const details = css`
  display: grid;
  grid-template-columns: minmax(6.5rem, max-content) 1fr;
  gap: 0.25rem 1rem;
  margin: 0.5rem 0 0;
  font-size: 0.9rem;
  dt {
    color: ${colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const lyrics = css`
  margin-top: 0.5rem;
  font-size: 0.9rem;
  summary {
    cursor: pointer;
    color: ${colors.inkSoft};
  }
  p {
    margin: 0.35rem 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const trackTitle = (track: Track) =>
  `${track.title?.trim() || 'Untitled'}${track.version ? ` (${track.version})` : ''}`;

/** `WAV · 44.1 kHz · 24 bit · stereo · 52.3 MB`: what the reviewer checks against the stores' audio rules. */
function audioFacts(track: Track): string | null {
  const original = track.audio?.original;
  if (!original) return null;
  return [
    original.format.toUpperCase(),
    `${original.sampleRate / 1000} kHz`,
    original.bitDepth ? `${original.bitDepth} bit` : null,
    original.channels === 2 ? 'stereo' : original.channels === 1 ? 'mono' : `${original.channels} channels`,
    `${(original.size / 1_000_000).toFixed(1)} MB`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function explicitness(track: Track): string {
  if (track.explicit) return 'Explicit';
  if (track.clean) return 'Clean version';
  return 'Not explicit';
}

/**
 * Plays a track through the shell's player: the MP3 preview rendition (or the original while the preview job has
 * not run). With `preview` only the release's 30 s preview range, otherwise the whole recording, which a reviewer
 * may need to hear. The audio URLs need no session (the API serves them by their random id).
 */
function usePlay() {
  const shell = useShell();
  return (track: Track, preview: boolean) => {
    if (!track.audio) return;
    const start = track.previewStart;
    shell.player.toggle({
      id: track.id,
      url: track.audio.mp3?.url ?? track.audio.original.url,
      title: track.title ?? undefined,
      artists: track.artists.map((artist) => artist.name),
      range:
        preview && start !== null && start !== undefined
          ? { start, duration: PREVIEW_SECONDS, label: 'PREVIEW' }
          : undefined,
    });
  };
}

/** The release's live tracks as the reviewer checks them: details, credits, audio, and players. */
export function ReviewTracks({ album }: { album: Pick<AlbumDetail, 'tracks'> }) {
  const play = usePlay();
  const tracks = liveTracks(album);
  if (tracks.length === 0) return <p css={{ color: colors.muted, margin: 0 }}>The release has no tracks.</p>;
  return (
    <ol css={list} aria-label="Tracks">
      {tracks.map((track) => {
        const title = trackTitle(track);
        const rows: [string, string | null][] = [
          [
            'Artists',
            track.artists.length > 0
              ? track.artists
                  .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
                  .join(', ')
              : 'As the release',
          ],
          ['ISRC', track.isrc || 'None yet'],
          ['Length', track.audio ? formatDuration(track.audio.original.duration) : 'No audio'],
          ['Explicit', explicitness(track)],
          ['Instrumental', track.instrumental ? 'Yes' : null],
          [
            track.remix ? 'Remix of' : 'Cover of',
            (track.cover || track.remix) && track.original
              ? `${track.original.title} by ${track.original.artist}`
              : null,
          ],
          ['Genre', genresText(track) || null],
          [
            'Credits',
            track.contributors
              .map(
                (person) =>
                  `${person.name} (${CREDIT_ROLE_NAMES[person.role]}${person.publisher ? `, ${person.publisher}` : ''})`,
              )
              .join('; ') || null,
          ],
          ['Audio', audioFacts(track)],
          [
            'Preview from',
            track.audio && track.previewStart !== null && track.previewStart !== undefined
              ? formatDuration(track.previewStart)
              : null,
          ],
          ['Lyrics language', track.lyrics ? (track.lyricsLanguage ?? null) : null],
        ];
        return (
          <li key={String(track.id)} data-track={track.index}>
            <div css={head}>
              <h4>
                {track.index}. {title}
                {track.explicit && (
                  <>
                    <span css={explicitBadge} title="Explicit" aria-hidden="true">
                      E
                    </span>
                    <span css={visuallyHidden}> (explicit)</span>
                  </>
                )}
              </h4>
              {track.audio ? (
                <div css={actions}>
                  <Button
                    variant="secondary"
                    onClick={() => play(track, true)}
                    aria-label={`Play preview of ${title}`}
                  >
                    ▶ Preview
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => play(track, false)}
                    aria-label={`Play all of ${title}`}
                  >
                    Full track
                  </Button>
                </div>
              ) : (
                <span css={{ color: colors.danger }}>No audio</span>
              )}
            </div>
            <dl css={details}>
              {rows
                .filter((row): row is [string, string] => Boolean(row[1]))
                .map(([label, value]) => (
                  <div key={label} css={{ display: 'contents' }}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            {track.lyrics && (
              <details css={lyrics}>
                <summary>Lyrics</summary>
                <p>{track.lyrics}</p>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
