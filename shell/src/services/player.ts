import type { PlayerPort, PlayerTrack } from '@tunehouse/shell-contract';
import { createStore } from './store.js';

export interface PlayerState {
  track: PlayerTrack | null;
  isPlaying: boolean;
  isReady: boolean;
  duration: number;
  /** Playback position in seconds. */
  position: number;
  error: boolean;
  size: 'normal' | 'minimized';
  visible: boolean;
}

const initialState: PlayerState = {
  track: null,
  isPlaying: false,
  isReady: false,
  duration: 0,
  position: 0,
  error: false,
  size: 'normal',
  visible: false,
};

function sameRange(a: PlayerTrack['range'], b: PlayerTrack['range']): boolean {
  return a?.start === b?.start && a?.duration === b?.duration;
}

/** The one audio preview player, backed by a single HTMLAudioElement. */
export const SEEK_STEP_SECONDS = 10;

export function createPlayer(audio: HTMLAudioElement = new Audio()): PlayerPort & {
  store: ReturnType<typeof createStore<PlayerState>>;
  /** Keyboard: left and right move 10 seconds. */
  seekBy(seconds: number): void;
  /** Pauses or resumes the loaded track (space). */
  togglePlayback(): void;
  /** Switches normal and minimized, only while visible. */
  toggleSize(): void;
} {
  const store = createStore<PlayerState>(initialState);
  const patch = (changes: Partial<PlayerState>) => store.set((state) => ({ ...state, ...changes }));
  const setRange = (range: PlayerTrack['range']) =>
    store.set((state) => (state.track ? { ...state, track: { ...state.track, range } } : state));

  audio.preload = 'metadata';
  audio.addEventListener('canplay', () => patch({ isReady: true, duration: audio.duration || 0 }));
  audio.addEventListener('play', () => patch({ isPlaying: true }));
  audio.addEventListener('pause', () => patch({ isPlaying: false }));
  audio.addEventListener('ended', () => patch({ isPlaying: false }));
  audio.addEventListener('error', () => patch({ error: true, isPlaying: false }));
  audio.addEventListener('durationchange', () => patch({ duration: audio.duration || 0 }));
  audio.addEventListener('timeupdate', () => {
    patch({ position: audio.currentTime });
    const range = store.get().track?.range;
    if (range && audio.currentTime >= range.start + range.duration) {
      audio.pause();
      setRange(undefined);
    }
  });

  const play = (track: PlayerTrack) => {
    const current = store.get().track;
    if (current?.id !== track.id) {
      audio.src = track.url;
      patch({ isReady: false, error: false, duration: 0 });
    }
    // Whoever plays a track wants to see the player; a minimized one stays minimized.
    patch({ track: { ...track }, visible: true });
    if (track.range) audio.currentTime = track.range.start;
    audio.play().catch(() => patch({ error: true, isPlaying: false }));
  };

  const seek = (seconds: number) => {
    audio.currentTime = seconds;
    patch({ position: seconds });
    setRange(undefined);
  };

  return {
    store,
    play,
    toggle: (track) => {
      const state = store.get();
      if (state.track?.id !== track.id || audio.paused || !sameRange(state.track.range, track.range))
        play(track);
      else audio.pause();
    },
    seek,
    seekBy: (seconds) => seek(Math.max(0, Math.min(audio.duration || Infinity, audio.currentTime + seconds))),
    togglePlayback: () => {
      const track = store.get().track;
      if (!track) return;
      if (audio.paused) audio.play().catch(() => patch({ error: true, isPlaying: false }));
      else audio.pause();
    },
    reset: () => {
      audio.pause();
      audio.removeAttribute('src');
      store.set({ ...initialState });
    },
    toggleSize: () => {
      const { visible, size } = store.get();
      if (visible) patch({ size: size === 'normal' ? 'minimized' : 'normal' });
    },
    show: () => patch({ visible: true, size: 'normal' }),
    hide: () => patch({ visible: false, size: 'normal' }),
    minimize: () => {
      if (store.get().visible) patch({ size: 'minimized' });
    },
    maximize: () => {
      if (store.get().visible) patch({ size: 'normal' });
    },
  };
}
