import { describe, expect, it } from 'vitest';
import { artistImageSchema, artworkSchema, artworkSummarySchema, audioSchema } from './media.js';

const image = (name: string, side: number) => ({
  url: `https://cdn.example/${name}.jpg`,
  size: side * 100,
  width: side,
  height: side,
  name: `${name}.jpg`,
});

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('artwork', () => {
  it('parses every rendition the spec lists', () => {
    const artwork = {
      id: 7,
      original: image('original', 3000),
      large: image('large', 1400),
      medium: image('medium', 600),
      thumbnail: image('thumbnail', 150),
      artwork: image('artwork', 3000),
    };
    expect(artworkSchema.parse(artwork)).toEqual(artwork);
  });

  it('accepts an artwork whose derived renditions are not made yet, never one without its original', () => {
    expect(artworkSchema.safeParse({ id: 'a1', original: image('original', 3000) }).success).toBe(true);
    expect(pathsOf(artworkSchema.safeParse({ id: 'a1', medium: image('medium', 600) }))).toEqual([
      'original',
    ]);
  });

  it('names the field of a wrong rendition value', () => {
    const result = artworkSchema.safeParse({
      id: 1,
      original: { ...image('original', 3000), width: '3000' },
    });
    expect(pathsOf(result)).toEqual(['original.width']);
  });

  it('has a summary form with id, medium and thumbnail', () => {
    const summary = artworkSummarySchema.parse({
      id: 1,
      medium: image('medium', 600),
      large: image('large', 1),
    });
    expect(summary).toEqual({ id: 1, medium: image('medium', 600) });
  });
});

describe('artist image', () => {
  it('has original, thumbnail, medium and large variants', () => {
    const parsed = artistImageSchema.parse({
      id: 3,
      original: image('o', 1000),
      thumbnail: image('t', 64),
      medium: image('m', 300),
      large: image('l', 640),
    });
    expect(parsed.large?.width).toBe(640);
  });
});

describe('audio', () => {
  const original = {
    name: 'master.wav',
    url: 'https://cdn.example/master.wav',
    size: 52_428_800,
    sampleRate: 44_100,
    channels: 2,
    duration: 213.4,
    format: 'WAV',
    bitDepth: 16,
    bitRate: 1_411_200,
  };

  it('parses the original file and its mp3 rendition', () => {
    const audio = {
      id: 'au_1',
      original,
      mp3: { url: 'https://cdn.example/p.mp3', size: 5_000_000, duration: 213.4 },
    };
    expect(audioSchema.parse(audio)).toEqual(audio);
  });

  it('takes a lossy original without bit depth', () => {
    const { bitDepth: _bitDepth, ...mp3Original } = original;
    expect(audioSchema.safeParse({ id: 1, original: { ...mp3Original, format: 'MP3' } }).success).toBe(true);
  });

  it('refuses a negative duration and names the field', () => {
    const result = audioSchema.safeParse({ id: 1, original: { ...original, duration: -1 } });
    expect(pathsOf(result)).toEqual(['original.duration']);
  });
});
