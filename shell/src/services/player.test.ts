import { describe, expect, it } from 'vitest';
import { createPlayer } from './player.js';

/** The parts of HTMLAudioElement the player uses, driven by the test like a browser would. */
class FakeAudio extends EventTarget {
  src = '';
  paused = true;
  currentTime = 0;
  duration = NaN;
  preload = '';
  plays = 0;
  failNextPlay = false;
  async play() {
    this.plays += 1;
    if (this.failNextPlay) throw new Error('NotAllowedError');
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  canPlay(duration: number) {
    this.duration = duration;
    this.dispatchEvent(new Event('canplay'));
  }
  advanceTo(seconds: number) {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
}

function setup() {
  const audio = new FakeAudio();
  const player = createPlayer(audio as unknown as HTMLAudioElement);
  return { audio, player, state: () => player.store.get() };
}

const song = { id: 1, url: 'http://media/1.mp3', title: 'Blue', artists: ['Mara'] };

describe('the audio preview player', () => {
  it('loads a new track, is not ready until it can play, and shows itself', async () => {
    const { audio, player, state } = setup();
    player.play(song);
    expect(audio.src).toBe('http://media/1.mp3');
    expect(state()).toMatchObject({ isReady: false, visible: true, size: 'normal' });
    audio.canPlay(30);
    await Promise.resolve();
    expect(state()).toMatchObject({ isReady: true, isPlaying: true, duration: 30 });
  });

  it('plays a range from its start and pauses at start plus duration, clearing the range', async () => {
    const { audio, player, state } = setup();
    player.play({ ...song, range: { start: 20, duration: 10, label: 'PREVIEW' } });
    expect(audio.currentTime).toBe(20);
    await Promise.resolve();
    audio.advanceTo(29.9);
    expect(audio.paused).toBe(false);
    audio.advanceTo(30);
    expect(audio.paused).toBe(true);
    expect(state().track?.range).toBeUndefined();
  });

  it('toggling the same track pauses it, and plays it when paused or when the range differs', async () => {
    const { audio, player } = setup();
    player.toggle(song);
    await Promise.resolve();
    expect(audio.paused).toBe(false);
    player.toggle(song);
    expect(audio.paused).toBe(true);
    player.toggle(song);
    await Promise.resolve();
    expect(audio.paused).toBe(false);
    player.toggle({ ...song, range: { start: 5, duration: 5 } });
    await Promise.resolve();
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBe(5);
  });

  it('seeking clears the range; the keys move 10 seconds within the track', async () => {
    const { audio, player, state } = setup();
    player.play({ ...song, range: { start: 10, duration: 10 } });
    audio.canPlay(60);
    player.seekBy(10);
    expect(audio.currentTime).toBe(20);
    expect(state().track?.range).toBeUndefined();
    player.seekBy(-30);
    expect(audio.currentTime).toBe(0);
    player.seek(55);
    player.seekBy(10);
    expect(audio.currentTime).toBe(60);
  });

  it('reset pauses and clears track and error, and hides the player', async () => {
    const { audio, player, state } = setup();
    audio.failNextPlay = true;
    player.play(song);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state().error).toBe(true);
    player.reset();
    expect(state()).toMatchObject({ track: null, error: false, visible: false, isPlaying: false });
    expect(audio.src).toBe('');
  });

  it('an audio error sets the error flag', () => {
    const { audio, player, state } = setup();
    player.play(song);
    audio.dispatchEvent(new Event('error'));
    expect(state().error).toBe(true);
  });

  it('visibility: minimize, maximize and toggle act only while visible', () => {
    const { player, state } = setup();
    player.minimize();
    player.toggleSize();
    expect(state()).toMatchObject({ visible: false, size: 'normal' });
    player.show();
    player.minimize();
    expect(state().size).toBe('minimized');
    player.toggleSize();
    expect(state().size).toBe('normal');
    player.toggleSize();
    player.hide();
    expect(state()).toMatchObject({ visible: false, size: 'normal' });
    player.show();
    expect(state()).toMatchObject({ visible: true, size: 'normal' });
  });
});
