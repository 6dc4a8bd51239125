import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Db, withTransaction } from '../platform/db.js';
import { createAudioStore, insertAudioFile, makeAudioPreview } from '../domains/media/index.js';
import { DEMO_RELEASED } from './demo-catalogue.js';
import type { MediaStorage } from '../platform/storage/index.js';

const SAMPLE_RATE = 44_100;
const SECONDS = 8;

/** Equal-tempered frequency of a MIDI note. */
const frequency = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Chord roots per track (MIDI notes), so every demo track sounds different: a minor or major triad arpeggio. */
function progression(seed: number): number[][] {
  const root = 45 + (seed % 12);
  const minor = seed % 2 === 0;
  const triad = (base: number, isMinor: boolean) => [base, base + (isMinor ? 3 : 4), base + 7, base + 12];
  return [triad(root, minor), triad(root + 5, !minor), triad(root + 7, false), triad(root, minor)];
}

/**
 * A short, real piece of music as a 16-bit stereo PCM WAV (what the store takes from an upload): four bars of
 * arpeggiated chords with a soft bass, each note with an attack and decay, the two channels slightly apart.
 */
export function demoWav(seed: number, seconds = SECONDS): Buffer {
  const frames = seconds * SAMPLE_RATE;
  const data = Buffer.alloc(frames * 4);
  const chords = progression(seed);
  const bar = frames / chords.length;
  const step = bar / 8;
  for (let frame = 0; frame < frames; frame += 1) {
    const chord = chords[Math.min(chords.length - 1, Math.floor(frame / bar))]!;
    const inBar = frame % bar;
    const index = Math.floor(inBar / step);
    const note = chord[[0, 1, 2, 3, 2, 1, 2, 3][index % 8]!]!;
    const t = (inBar % step) / SAMPLE_RATE;
    const envelope = Math.min(1, t * 200) * Math.exp(-t * 5);
    const time = frame / SAMPLE_RATE;
    const lead = Math.sin(2 * Math.PI * frequency(note + 12) * time) * envelope;
    const bass =
      Math.sin(2 * Math.PI * frequency(chord[0]!) * time) * 0.5 * Math.exp(-(inBar / SAMPLE_RATE) * 1.5);
    const fade = Math.min(1, (frames - frame) / (SAMPLE_RATE / 2));
    const left = (0.35 * lead + 0.3 * bass) * fade;
    const right = (0.3 * lead + 0.35 * bass) * fade;
    data.writeInt16LE(Math.round(left * 32_767), frame * 4);
    data.writeInt16LE(Math.round(right * 32_767), frame * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Audio for the tracks of Mara's released demo albums that have none: a generated WAV stored as an upload is
 * (probed, placed, recorded) and its MP3 preview made as the preview job makes it, dated when the album was made.
 * Answers how many tracks got audio.
 */
export async function seedDemoAudio(db: Db, dataDir: MediaStorage | string): Promise<number> {
  const { rows } = await db.query<{ id: string; account_id: string; title: string | null; created_at: Date }>(
    `SELECT t.id, t.account_id, t.title, al.created_at FROM tracks t JOIN albums al ON al.id = t.album_id
      WHERE al.barcode = ANY($1) AND t.audio_id IS NULL AND t.deleted_at IS NULL AND al.deleted_at IS NULL
      ORDER BY al.barcode, t.position`,
    [DEMO_RELEASED.map((release) => release.barcode)],
  );
  if (rows.length === 0) return 0;
  const audio = createAudioStore(dataDir);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'tunehouse-demo-audio-'));
  try {
    for (const [index, track] of rows.entries()) {
      const file = path.join(scratch, `${track.id}.wav`);
      const bytes = demoWav(index * 7 + 3);
      await fs.writeFile(file, bytes);
      const name = `${(track.title ?? 'track').replace(/[^\w -]+/g, '')}.wav`;
      const received = { path: file, size: bytes.length, filename: name, head: bytes.subarray(0, 64) };
      const field = ['audio'];
      const probed = await audio.probe(received, field);
      const audioId = randomUUID();
      const placed = await audio.place(audioId, received, probed.format);
      await withTransaction(db, async (tx) => {
        await insertAudioFile(tx, track.account_id, {
          id: audioId,
          ...placed,
          size: bytes.length,
          ...probed,
        });
        await tx.query('UPDATE audio_files SET created_at = $2 WHERE id = $1', [audioId, track.created_at]);
        await tx.query('UPDATE tracks SET audio_id = $2 WHERE id = $1', [track.id, audioId]);
      });
      await makeAudioPreview(db, audio, { audioId });
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return rows.length;
}
