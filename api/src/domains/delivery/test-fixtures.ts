import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ReleaseForDeliveryInput } from './model.js';

/** Test fixtures: releases with real files on disk (random bytes: platforms here check names and MD5 sums). */

export const md5Of = (buffer: Buffer) => createHash('md5').update(buffer).digest('hex');

function writeFile(dir: string, name: string, size: number) {
  fs.mkdirSync(dir, { recursive: true });
  const buffer = randomBytes(size);
  const file = path.join(dir, name);
  fs.writeFileSync(file, buffer);
  return { path: file, md5: md5Of(buffer) };
}

/**
 * An album of three tracks: a featuring artist, contributors, one explicit track, Worldwide, titles with `&`, `<`
 * and non-Latin scripts.
 */
export function albumRelease(
  dir: string,
  overrides: Partial<ReleaseForDeliveryInput> = {},
): ReleaseForDeliveryInput {
  const audio = [1, 2, 3].map((n) => writeFile(dir, `track-${n}.flac`, 4096 + n));
  const artwork = writeFile(dir, 'cover.jpg', 2048);
  return {
    albumId: '5b0d7d9e-1c1f-4f8e-9a57-1d6a1f6f0a01',
    upc: '0602445790715',
    catalogNumber: 'TH-0001',
    title: 'Rock & Roll <Live> 夜明け',
    version: 'Deluxe Edition',
    label: 'Harbour & Sons Records',
    pLine: '2024 Harbour & Sons Records',
    cLine: '2024 Harbour & Sons Records',
    genre: 'ROCK',
    language: 'EN',
    releaseDate: '2025-03-14',
    originalReleaseDate: '2024-11-01',
    releaseType: 'ALBUM',
    explicit: false,
    territories: 'Worldwide',
    dealStartDate: '2025-03-14',
    artists: [{ name: 'Mara Quill', role: 'PRIMARY' }],
    tracks: [
      {
        isrc: 'QZ-ABC-24-00001',
        title: 'Salt & Smoke',
        durationSeconds: 205,
        artists: [
          { name: 'Mara Quill', role: 'PRIMARY' },
          { name: 'Дмитрий Волков', role: 'FEATURING' },
        ],
        contributors: [
          { name: 'Mara Quill', role: 'MUSIC_LYRICS' },
          { name: 'Ola "Bass" Nordmann', role: 'PRODUCER' },
          { name: 'Kenji Sato', role: 'MASTERING' },
        ],
        explicit: true,
        language: 'EN',
        audio: {
          path: audio[0]!.path,
          format: 'FLAC',
          md5: audio[0]!.md5,
          sampleRate: 44_100,
          channels: 2,
          bitDepth: 24,
        },
        previewStartSeconds: 45,
      },
      {
        isrc: 'QZABC2400002',
        title: '夢のララバイ',
        version: 'Acoustic',
        durationSeconds: 3723.5,
        contributors: [{ name: 'Kenji Sato', role: 'MUSIC' }],
        explicit: false,
        instrumental: false,
        language: 'JA',
        audio: { path: audio[1]!.path, format: 'FLAC', md5: audio[1]!.md5 },
      },
      {
        isrc: 'QZABC2400003',
        title: 'x < y > z',
        durationSeconds: 59,
        explicit: false,
        instrumental: true,
        audio: { path: audio[2]!.path, format: 'FLAC', md5: audio[2]!.md5 },
        previewStartSeconds: 0,
      },
    ],
    artwork: { path: artwork.path, format: 'JPEG', md5: artwork.md5, width: 3000, height: 3000 },
    ...overrides,
  };
}

/** A single: one WAV track, three territories (Kosovo's XK among them), no version. */
export function singleRelease(
  dir: string,
  overrides: Partial<ReleaseForDeliveryInput> = {},
): ReleaseForDeliveryInput {
  const audio = writeFile(dir, 'single.wav', 8192);
  const artwork = writeFile(dir, 'single.png', 1024);
  return {
    albumId: '5b0d7d9e-1c1f-4f8e-9a57-1d6a1f6f0a02',
    upc: '196871234566',
    title: 'Northern Lights',
    label: 'Tunehouse Independent',
    pLine: '℗ 2025 Tunehouse Independent',
    cLine: '© 2025 Tunehouse Independent',
    genre: 'ELECTRONIC',
    releaseDate: '2025-06-01',
    releaseType: 'SINGLE',
    explicit: false,
    territories: ['US', 'GB', 'XK'],
    dealStartDate: '2025-06-01',
    artists: [
      { name: 'Aurora Beck', role: 'PRIMARY' },
      { name: 'Lumen', role: 'PRIMARY' },
    ],
    tracks: [
      {
        isrc: 'QZABC2500001',
        title: 'Northern Lights',
        durationSeconds: 181.25,
        explicit: false,
        audio: {
          path: audio.path,
          format: 'WAV',
          md5: audio.md5,
          sampleRate: 48_000,
          channels: 2,
          bitDepth: 16,
        },
      },
    ],
    artwork: { path: artwork.path, format: 'PNG', md5: artwork.md5, width: 1400, height: 1400 },
    ...overrides,
  };
}
