import multipart from '@fastify/multipart';
import {
  ARTIST_IMAGE_FIELD,
  ARTIST_IMAGE_MAX_BYTES,
  endpoints,
  type FieldIssue,
  formatUnsearchedPlatforms,
  UNSEARCHED_PLATFORMS_HEADER,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { ApiError } from '../../platform/errors.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { publicOrigin, rethrowAsUnreadableMultipart } from '../media/index.js';
import { toArtistDetail } from './artist-view.js';
import { rolesFor } from './roles.js';
import type { ArtistService, ImageUpload } from './service.js';
import type { SuggestionService } from './suggestions/service.js';

const IMAGE_FIELD: FieldIssue['path'] = ['body', ARTIST_IMAGE_FIELD];

/** The one file part of an image upload, read up to the size limit (413 at the limit, before anything else). */
async function readImagePart(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    const message = `Send the image as multipart/form-data with a file part named ${ARTIST_IMAGE_FIELD}`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [
      { path: ['headers', 'content-type'], message },
    ]);
  }
  try {
    const part = await request.file();
    if (!part || part.fieldname !== ARTIST_IMAGE_FIELD) {
      const message = `A file part named ${ARTIST_IMAGE_FIELD} is required`;
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
        { path: IMAGE_FIELD, message },
      ]);
    }
    const buffer = await part.toBuffer();
    // The parser's limit flag is one signal; the bytes actually read are the other, whatever the transfer encoding.
    if (part.file.truncated || buffer.length > ARTIST_IMAGE_MAX_BYTES)
      throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    return { buffer, filename: part.filename, field: IMAGE_FIELD };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The image is larger than ${ARTIST_IMAGE_MAX_BYTES / (1024 * 1024)} MiB`;
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: IMAGE_FIELD, message }]);
    }
    rethrowAsUnreadableMultipart(error);
  }
}

/**
 * The signed-in account's artists (an impersonation session sees the impersonated user's): list, read, create,
 * update (POST), delete, suggestions, roles, and the artist image.
 */
export function artistRoutes({
  artists,
  suggestions,
  auth,
}: {
  artists: ArtistService;
  suggestions: SuggestionService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Only these routes take multipart bodies; one file, bounded (the content is checked by the service).
    await app.register(multipart, {
      limits: { fileSize: ARTIST_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 },
    });
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const detail = (request: FastifyRequest, artist: Parameters<typeof toArtistDetail>[0]) =>
      toArtistDetail(artist, publicOrigin(request));
    const api = endpoints.artists;

    route(api.list, async (request) => {
      const page = await artists.list(accountOf(request), request.query);
      return { status: 200, body: { ...page, items: page.items.map((artist) => detail(request, artist)) } };
    });
    route(api.suggestions, async (request, reply) => {
      const { items, unsearchedPlatforms } = await suggestions.suggest(
        request.query.q,
        request.query['platform[]'],
        request.log,
      );
      const unsearched = formatUnsearchedPlatforms(unsearchedPlatforms);
      if (unsearched !== null) reply.header(UNSEARCHED_PLATFORMS_HEADER, unsearched);
      return { status: 200, body: items };
    });
    route(api.roles, async (request) => ({ status: 200, body: rolesFor(request.query.scope) }));
    route(api.get, async (request) => ({
      status: 200,
      body: detail(request, await artists.get(accountOf(request), request.params.id)),
    }));
    route(api.create, async (request) => ({
      status: 201,
      body: detail(request, await artists.create(accountOf(request), request.body)),
    }));
    route(api.update, async (request) => ({
      status: 200,
      body: detail(request, await artists.update(accountOf(request), request.params.id, request.body)),
    }));
    route(api.remove, async (request) => {
      await artists.remove(accountOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.setImage, async (request) => {
      const accountId = accountOf(request);
      // An artist that is not the caller's is refused before its upload is read.
      await artists.get(accountId, request.params.id);
      const upload = await readImagePart(request);
      return {
        status: 200,
        body: detail(request, await artists.setImage(accountId, request.params.id, upload)),
      };
    });
    route(api.removeImage, async (request) => ({
      status: 200,
      body: detail(request, await artists.removeImage(accountOf(request), request.params.id)),
    }));
  };
}
