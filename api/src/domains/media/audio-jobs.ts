import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { AudioStore } from './audio-store.js';
import { findAudioFile, setAudioPreview } from './audio-repository.js';

/** One job of the MP3 preview queue (`QUEUES.audioPreview`): one per uploaded audio file. */
export type AudioPreviewJob = { audioId: string };

/**
 * Makes the MP3 preview of one stored audio file and records it. An audio file replaced or deleted meanwhile is
 * skipped; an ffmpeg failure marks the preview FAILED (the original stays usable) and is not retried.
 */
export async function makeAudioPreview(
  db: Db,
  audio: AudioStore,
  { audioId }: AudioPreviewJob,
  log?: FastifyBaseLogger,
): Promise<void> {
  const stored = await findAudioFile(db, audioId);
  if (!stored || stored.mp3Status === 'COMPLETED') return;
  try {
    const mp3 = await audio.renderPreview(stored.id, stored.file);
    await setAudioPreview(db, stored.id, mp3);
  } catch (error) {
    log?.error({ err: error, audioId }, 'audio preview failed');
    await setAudioPreview(db, stored.id, null);
  }
}

/**
 * The preview jobs on the platform's job queue (`QUEUES.audioPreview`, platform/jobs.ts). `enqueuePreview` writes
 * the job in the caller's transaction, so a preview is made if and only if the upload committed.
 */
export function createAudioJobs({ jobs }: { jobs: Pick<Jobs, 'enqueue'> }) {
  return {
    async enqueuePreview(audioId: string, tx: Queryable): Promise<void> {
      const job: AudioPreviewJob = { audioId };
      await jobs.enqueue(QUEUES.audioPreview, job, tx);
    },
  };
}

export type AudioJobs = ReturnType<typeof createAudioJobs>;

/**
 * Works the preview queue in this process: main.ts when `AUDIO_PREVIEW_WORKER` is on (the default), and the test
 * app likewise.
 */
export function workAudioPreviews({
  db,
  jobs,
  audio,
  log,
}: {
  db: Db;
  jobs: Pick<Jobs, 'work'>;
  audio: AudioStore;
  log?: FastifyBaseLogger;
}): Promise<void> {
  return jobs.work<AudioPreviewJob>(QUEUES.audioPreview, (job) => makeAudioPreview(db, audio, job, log));
}
