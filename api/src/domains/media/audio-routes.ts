import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { errorResponses } from '../../platform/route-schemas.js';
import { findAudioFile } from './audio-repository.js';
import { AUDIO_CONTENT_TYPES, type AudioStore, PREVIEW_FILE } from './audio-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const audioFileParamsSchema = z.object({ id: z.string().max(64), file: z.string().max(64) });

/**
 * GET /v1/media/audio/{id}/{original.(wav|flac|aif)|preview.mp3}: a track's audio files. Like image files, no
 * session (an <audio> element sends none): the random id is the capability. Byte ranges are not served yet.
 */
export function audioFileRoutes({ db, audio }: { db: Db; audio: AudioStore }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/media/audio/:id/:file',
      {
        schema: {
          tags: ['media'],
          summary: 'A track’s audio file: the original upload or its MP3 preview',
          params: audioFileParamsSchema,
          response: { 200: z.any().describe('The audio file'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id, file } = request.params;
        const notFound = new ApiError(404, 'NOT_FOUND', 'No such audio file');
        if (!UUID.test(id)) throw notFound;
        const stored = await findAudioFile(db, id);
        const isPreview = file === PREVIEW_FILE && stored?.mp3?.file === PREVIEW_FILE;
        if (!stored || (!isPreview && stored.file !== file)) throw notFound;
        const location = audio.filePath(id, file);
        const stat = location ? await fs.stat(location).catch(() => null) : null;
        if (!location || !stat?.isFile()) throw notFound;
        return reply
          .header('content-type', isPreview ? 'audio/mpeg' : AUDIO_CONTENT_TYPES[stored.format])
          .header('content-length', String(stat.size))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(createReadStream(location));
      },
    );
  };
}
