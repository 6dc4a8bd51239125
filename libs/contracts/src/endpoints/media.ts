import { z } from 'zod';
import { mediaAudioQuerySchema, mediaFileParamsSchema } from '../media.js';
import { endpoint, meta } from './define.js';

/**
 * The stored media files. No session: an <img> or <audio> element sends none, so the URL itself is the capability
 * (a random id; for an audio original, a signed link that expires); the files never change, so they cache.
 */
const mediaFile = { access: 'public', tag: 'media', file: true } as const;

export const image = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/media/images/:id/:file',
  pathParams: mediaFileParamsSchema,
  responses: { 200: z.unknown().describe('The image file (image/jpeg or image/png)') },
  summary: 'An image rendition file (original, large, medium or thumbnail)',
  metadata: meta({ ...mediaFile, fileType: 'image/*' }),
});

export const audio = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/media/audio/:id/:file',
  pathParams: mediaFileParamsSchema,
  query: mediaAudioQuerySchema,
  responses: { 200: z.unknown().describe('The audio file') },
  summary: 'A track’s audio file: its MP3 preview, or the original upload through a signed link',
  description:
    'An original is served only with the `expires` and `signature` of the link the API answered with the ' +
    'track (valid for hours; 403 once expired). The preview needs neither.',
  metadata: meta({ ...mediaFile, fileType: 'audio/*' }),
});
