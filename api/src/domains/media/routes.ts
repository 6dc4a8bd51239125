import { endpoints } from '@tunehouse/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { MediaFile, MediaFiles } from './media-files.js';

/**
 * Sends a stored file with the headers every media file shares. The files of an upload never change, so they
 * cache for a year — except through a link that expires, which caches privately until then.
 */
function sendFile(reply: FastifyReply, file: MediaFile & { expires?: number }) {
  const cacheControl =
    file.expires === undefined
      ? 'public, max-age=31536000, immutable'
      : `private, max-age=${Math.max(0, file.expires - Math.floor(Date.now() / 1000))}`;
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', cacheControl)
    // The web app's pages are on other origins; helmet's default (same-origin) would block the <img> and <audio>.
    .header('cross-origin-resource-policy', 'cross-origin');
  return { status: 200 as const, body: file.body };
}

/**
 * The stored media files: image renditions and a track's audio (original and MP3 preview). No session: an <img>
 * or <audio> element sends none, so the URL itself is the capability (a random UUID; for an original, a signed
 * link that expires). Byte ranges are not served yet.
 */
export function mediaRoutes({ files, auth }: { files: MediaFiles; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.media.image, async (request, reply) =>
      sendFile(reply, await files.image(request.params.id, request.params.file)),
    );
    route(endpoints.media.audio, async (request, reply) =>
      sendFile(reply, await files.audio(request.params.id, request.params.file, request.query)),
    );
  };
}
