import { css } from '@emotion/react';
import type { KeyboardEvent } from 'react';
import { badgeStyle, colors, fonts, formatDuration, zIndex } from '@tunehouse/ui';
import type { PlayerState, createPlayer } from '../../services/player.js';
import { SEEK_STEP_SECONDS } from '../../services/player.js';
import { playerArtists, playerTitle } from './player-labels.js';

type Player = ReturnType<typeof createPlayer>;

const bar = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${zIndex.audioPlayer};
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0.6rem 1rem;
  background: ${colors.ink};
  color: ${colors.paper};
  font: 0.9rem ${fonts.body};
  box-shadow: 0 -6px 18px rgb(0 0 0 / 0.15);
  button {
    flex: none;
    min-width: 2.5rem;
    height: 2.5rem;
    border: 1px solid rgb(255 255 255 / 0.35);
    border-radius: 999px;
    background: transparent;
    color: ${colors.paper};
    font: 600 0.85rem ${fonts.body};
    cursor: pointer;
  }
  button:focus-visible,
  input:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
const titles = css`
  min-width: 0;
  flex: 0 1 16rem;
  strong,
  span {
    display: block;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  span {
    color: rgb(255 255 255 / 0.7);
  }
`;
const seekRow = css`
  flex: 1;
  display: flex;
  align-items: center;
  gap: 0.6rem;
  font-variant-numeric: tabular-nums;
  input {
    flex: 1;
    accent-color: ${colors.accent};
  }
`;

/**
 * The one audio preview player, at the bottom of every page while visible. Left and right seek 10
 * seconds and space toggles playback while it has focus, so typing elsewhere is never taken over.
 */
export function AudioPlayer({ state, player }: { state: PlayerState; player: Player }) {
  const { track } = state;
  if (!state.visible || !track) return null;

  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).tagName === 'BUTTON' && event.key === ' ') return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      player.seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
    } else if (event.key === ' ') {
      event.preventDefault();
      player.togglePlayback();
    }
  };

  const minimized = state.size === 'minimized';
  return (
    <section css={bar} aria-label="Audio player" onKeyDown={onKey} data-size={state.size}>
      <button
        type="button"
        onClick={() => player.togglePlayback()}
        aria-label={state.isPlaying ? 'Pause' : 'Play'}
        disabled={state.error}
      >
        {state.isPlaying ? '❚❚' : '▶'}
      </button>
      <div css={titles}>
        <strong>{playerTitle(track)}</strong>
        {!minimized && <span>{playerArtists(track)}</span>}
      </div>
      {track.range && <span css={badgeStyle(colors.accent)}>{track.range.label ?? 'PREVIEW'}</span>}
      {state.error && (
        <span role="alert" css={badgeStyle(colors.danger)}>
          CANNOT PLAY
        </span>
      )}
      {!minimized && (
        <div css={seekRow}>
          <span aria-label="Position">{formatDuration(state.position)}</span>
          <input
            type="range"
            min={0}
            max={Math.max(state.duration, 0)}
            step={1}
            value={Math.min(state.position, state.duration || 0)}
            onChange={(event) => player.seek(Number(event.target.value))}
            aria-label="Seek"
            disabled={!state.isReady}
          />
          <span aria-label="Duration">{formatDuration(state.duration)}</span>
        </div>
      )}
      <button
        type="button"
        onClick={() => player.toggleSize()}
        aria-label={minimized ? 'Expand player' : 'Minimize player'}
      >
        {minimized ? '▴' : '▾'}
      </button>
      <button type="button" onClick={() => player.reset()} aria-label="Close player">
        ✕
      </button>
    </section>
  );
}
