import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { AUDIO_UPLOAD_RULES, type AudioFormat, type FieldIssue } from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { parseFile } from 'music-metadata';
import { declaredSampleData } from './pcm-chunks.js';
import { ApiError } from '../../platform/errors.js';
import { displayName, type ReceivedFile, sweepPartials } from './upload.js';
import { UUID } from '../../platform/sql.js';
import { createLocalStorage, type MediaStorage, type StoredObject } from '../../platform/storage/index.js';

const run = promisify(execFile);

export const AUDIO_EXTENSIONS: Record<AudioFormat, string> = { WAV: 'wav', FLAC: 'flac', AIFF: 'aif' };
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  WAV: 'audio/wav',
  FLAC: 'audio/flac',
  AIFF: 'audio/aiff',
};
/** file-type's extension for each format we take. */
const FORMAT_BY_EXTENSION: Record<string, AudioFormat> = { wav: 'WAV', flac: 'FLAC', aif: 'AIFF' };
export const PREVIEW_FILE = 'preview.mp3';
const AUDIO_FILE = /^(original\.(wav|flac|aif)|preview\.mp3)$/;

/** What probing found in an accepted upload (the audio original as answered, without its url). */
export type ProbedAudio = {
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  duration: number;
  bitDepth: number;
  bitRate: number;
};

export type StoredMp3 = { file: string; size: number; duration: number };

/**
 * Track audio in the media storage under `media/audio/<id>/`: `original.<wav|flac|aif>` as uploaded and
 * `preview.mp3`, made by a background job with the ffmpeg binary of @ffmpeg-installer/ffmpeg. Uploads arrive in
 * the storage's scratch folder, are probed there and then put (docs/decisions/0055-several-api-processes.md).
 * Given a data folder instead of a storage, the local folder storage on it (tests, the seed).
 */
export function createAudioStore(storageOrDataDir: MediaStorage | string, { ffmpegPath = ffmpeg.path } = {}) {
  const storage =
    typeof storageOrDataDir === 'string' ? createLocalStorage(storageOrDataDir) : storageOrDataDir;
  const audioDir = path.join(storage.scratchDir, 'media', 'audio');
  void sweepPartials(audioDir);

  /** The first bytes must be WAV, FLAC or AIFF (415 otherwise, naming what was found). */
  async function sniff(head: Buffer, field: FieldIssue['path']): Promise<AudioFormat> {
    const type = await fileTypeFromBuffer(head);
    const format = type ? FORMAT_BY_EXTENSION[type.ext] : undefined;
    if (!format) {
      const found = type ? `, not ${type.mime}` : '';
      const message = `The audio must be a WAV, FLAC or AIFF file${found}`;
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
    }
    return format;
  }

  /**
   * Reads the whole file's headers and frames with music-metadata; refuses (422, every reason at `field`) what is
   * not lossless PCM at 16 or 24 bit, at least 44.1 kHz, in stereo.
   */
  async function probe(received: ReceivedFile, field: FieldIssue['path']): Promise<ProbedAudio> {
    const format = await sniff(received.head, field);
    let metadata;
    try {
      metadata = await parseFile(received.path, { duration: true, skipCovers: true });
    } catch {
      const message = 'The audio file could not be read';
      throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
    }
    const { sampleRate, numberOfChannels, bitsPerSample, duration, codec, lossless } = metadata.format;
    const reasons: string[] = [];
    const pcm = lossless !== false && (!codec || /PCM|FLAC|sowt|twos|NONE/i.test(codec));
    if (!pcm) reasons.push(`The audio must be uncompressed PCM or FLAC, not ${codec ?? 'an unknown codec'}`);
    if (!bitsPerSample || !(AUDIO_UPLOAD_RULES.bitDepths as readonly number[]).includes(bitsPerSample))
      reasons.push(`The audio must be 16 or 24 bit, not ${bitsPerSample ?? 'unknown'} bit`);
    if (!sampleRate || sampleRate < AUDIO_UPLOAD_RULES.minSampleRate)
      reasons.push(
        `The audio must be sampled at 44.1 kHz or more, not ${sampleRate ?? 'an unknown rate'} Hz`,
      );
    if (numberOfChannels !== AUDIO_UPLOAD_RULES.channels)
      reasons.push(
        `The audio must be stereo (2 channels), not ${numberOfChannels === 1 ? 'mono' : `${numberOfChannels ?? 'unknown'} channels`}`,
      );
    const declared = format === 'FLAC' ? null : declaredSampleData(received.head);
    // A WAV or AIFF header states how many sample bytes follow; a file cut short (an interrupted export or copy)
    // holds fewer, and would play as a fraction of the track. That is the reason to give, not its short length.
    if (declared && received.size - declared.start < declared.bytes)
      reasons.push(
        `The audio file is cut short: its header promises ${declared.bytes} bytes of sound, the file holds ${Math.max(0, received.size - declared.start)}`,
      );
    else if (!duration || duration <= 0) reasons.push('The audio has no length');
    else if (duration < AUDIO_UPLOAD_RULES.minSeconds)
      reasons.push(
        `The audio must be at least ${AUDIO_UPLOAD_RULES.minSeconds} second long, not ${Math.round(duration * 1000)} ms`,
      );
    if (reasons.length > 0) {
      throw new ApiError(
        422,
        'UNPROCESSABLE',
        reasons.join('; '),
        reasons.map((message) => ({ path: field, message })),
      );
    }
    return {
      format,
      sampleRate: sampleRate!,
      channels: numberOfChannels!,
      duration: duration!,
      bitDepth: bitsPerSample!,
      bitRate: Math.round(metadata.format.bitrate ?? sampleRate! * numberOfChannels! * bitsPerSample!),
    };
  }

  const keyOf = (audioId: string, file: string) => `media/audio/${audioId}/${file}`;
  const originalFile = (format: AudioFormat) => `original.${AUDIO_EXTENSIONS[format]}`;

  /** Puts an accepted upload into the storage (the received file is moved); answers its file and display names. */
  async function place(audioId: string, received: ReceivedFile, format: AudioFormat) {
    const file = originalFile(format);
    await storage.put(keyOf(audioId, file), { file: received.path }, AUDIO_CONTENT_TYPES[format]);
    return { file, name: displayName(received.filename, `audio.${AUDIO_EXTENSIONS[format]}`) };
  }

  /**
   * Makes the MP3 preview (320 kbit/s, stereo) of a stored original with ffmpeg into the scratch folder, then
   * puts it, so a reader never sees half a file.
   */
  async function renderPreview(audioId: string, file: string): Promise<StoredMp3> {
    // In the audio's own scratch folder: a sweep of the uploads folder's partial files must not take it.
    const folder = path.join(audioDir, audioId);
    await fs.mkdir(folder, { recursive: true });
    const partial = path.join(folder, `.preview.${randomBytes(4).toString('hex')}.partial`);
    try {
      const made = await storage.withLocalFile(keyOf(audioId, file), async (original) => {
        await run(
          ffmpegPath,
          [
            ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', original],
            ...[
              '-vn',
              '-map_metadata',
              '-1',
              '-ac',
              '2',
              '-codec:a',
              'libmp3lame',
              '-b:a',
              '320k',
              '-f',
              'mp3',
            ],
            partial,
          ],
          { timeout: 10 * 60 * 1000, maxBuffer: 1024 * 1024 },
        );
        const metadata = await parseFile(partial, { duration: true, skipCovers: true });
        const { size } = await fs.stat(partial);
        return { size, duration: metadata.format.duration ?? 0 };
      });
      if (!made) throw new Error(`The original audio ${keyOf(audioId, file)} is not in the storage`);
      await storage.put(keyOf(audioId, PREVIEW_FILE), { file: partial }, 'audio/mpeg');
      return { file: PREVIEW_FILE, ...made };
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  /** The storage key of a stored file, or null for a name that is not one (nothing outside the audio's folder). */
  function fileKey(audioId: string, file: string): string | null {
    if (!UUID.test(audioId) || !AUDIO_FILE.test(file)) return null;
    return keyOf(audioId, file);
  }

  /** A stored file to send, or null when the name is not one or the file is not (yet) there. */
  async function open(audioId: string, file: string): Promise<StoredObject | null> {
    const key = fileKey(audioId, file);
    return key ? storage.get(key) : null;
  }

  async function remove(audioId: string): Promise<void> {
    if (UUID.test(audioId)) await storage.deletePrefix(`media/audio/${audioId}`);
  }

  return { dir: audioDir, storage, sniff, probe, place, renderPreview, fileKey, open, remove };
}

export type AudioStore = ReturnType<typeof createAudioStore>;
