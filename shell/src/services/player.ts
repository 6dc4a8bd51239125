import type { PlayerPort, PlayerTrack } from '@tunehouse/shell-contract';
import { createStore } from './store.js';

export interface PlayerState {
  track: PlayerTrack | null;
  isPlaying: boolean;
  isReady: boolean;
  duration: number;
  error: boolean;
  size: 'normal' | 'minimized';
  visible: boolean;
}

const initialState: PlayerState = {
  track: null,
  isPlaying: false,
  isReady: false,
  duration: 0,
  error: false,
  size: 'normal',
  visible: false,
};

function sameRange(a: PlayerTrack['range'], b: PlayerTrack['range']): boolean {
  return a?.start === b?.start && a?.duration === b?.duration;
}

/** The one audio preview player (spec §4), backed by a single HTMLAudioElement. */
export function createPlayer(audio: HTMLAudioElement = new Audio()): PlayerPort & {
  store: ReturnType<typeof createStore<PlayerState>>;
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
  audio.addEventListener('timeupdate', () => {
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
    patch({ track: { ...track } });
    if (track.range) audio.currentTime = track.range.start;
    audio.play().catch(() => patch({ error: true, isPlaying: false }));
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
    seek: (seconds) => {
      audio.currentTime = seconds;
      setRange(undefined);
    },
    reset: () => {
      audio.pause();
      audio.removeAttribute('src');
      store.set({ ...initialState });
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
