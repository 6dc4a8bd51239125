import type { AudioFormat } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { ProbedAudio, StoredMp3 } from './audio-store.js';

/** A stored audio file (a track's recording) and its preview, as rows carry them. */
export type AudioRecord = {
  id: string;
  file: string;
  name: string;
  size: number;
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  duration: number;
  bitDepth: number | null;
  bitRate: number;
  mp3: StoredMp3 | null;
  mp3Status: 'PENDING' | 'COMPLETED' | 'FAILED';
  /** Signs the expiring links to the original (signed-audio-links.ts). */
  downloadKey: Buffer;
};

export type AudioRow = {
  id: string;
  file: string;
  name: string;
  size: string;
  format: AudioFormat;
  sample_rate: number;
  channels: number;
  duration: number;
  bit_depth: number | null;
  bit_rate: number;
  mp3: StoredMp3 | null;
  mp3_status: AudioRecord['mp3Status'];
  download_key: Buffer;
};

export const AUDIO_COLUMNS =
  'id, file, name, size, format, sample_rate, channels, duration, bit_depth, bit_rate, mp3, mp3_status, download_key';

export function toAudioRecord(row: AudioRow): AudioRecord {
  return {
    id: row.id,
    file: row.file,
    name: row.name,
    size: Number(row.size),
    format: row.format,
    sampleRate: row.sample_rate,
    channels: row.channels,
    duration: row.duration,
    bitDepth: row.bit_depth,
    bitRate: row.bit_rate,
    mp3: row.mp3,
    mp3Status: row.mp3_status,
    downloadKey: row.download_key,
  };
}

export async function insertAudioFile(
  q: Queryable,
  accountId: string,
  audio: ProbedAudio & { id: string; file: string; name: string; size: number },
): Promise<void> {
  await q.query(
    `INSERT INTO audio_files (id, account_id, file, name, size, format, sample_rate, channels, duration,
                              bit_depth, bit_rate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      audio.id,
      accountId,
      audio.file,
      audio.name,
      audio.size,
      audio.format,
      audio.sampleRate,
      audio.channels,
      audio.duration,
      audio.bitDepth,
      audio.bitRate,
    ],
  );
}

/** Any account's audio file (file URLs carry no session: the preview's id is its capability, an original's link is signed). */
export async function findAudioFile(q: Queryable, id: string): Promise<AudioRecord | null> {
  const { rows } = await q.query<AudioRow>(`SELECT ${AUDIO_COLUMNS} FROM audio_files WHERE id = $1`, [id]);
  return rows[0] ? toAudioRecord(rows[0]) : null;
}

/** Records the preview (or, given null, that making it failed). */
export async function setAudioPreview(q: Queryable, id: string, mp3: StoredMp3 | null): Promise<void> {
  await q.query('UPDATE audio_files SET mp3 = $2, mp3_status = $3 WHERE id = $1', [
    id,
    mp3 ? JSON.stringify(mp3) : null,
    mp3 ? 'COMPLETED' : 'FAILED',
  ]);
}

export async function deleteAudioFile(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM audio_files WHERE id = $1', [id]);
}
