import multipart from '@fastify/multipart';
import {
  ARTIST_IMAGE_FIELD,
  ARTIST_IMAGE_MAX_BYTES,
  artistDetailSchema,
  artistListQuerySchema,
  artistPageSchema,
  artistParamsSchema,
  artistRolesQuerySchema,
  artistSuggestionsQuerySchema,
  artistSuggestionsSchema,
  createArtistBodySchema,
  type FieldIssue,
  roleOptionsSchema,
  updateArtistBodySchema,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import type { ImageStore } from '../media/image-store.js';
import { publicOrigin } from '../media/image-view.js';
import { toArtistDetail } from './artist-view.js';
import { rolesFor } from './roles.js';
import { type ArtistService, createArtistService, type ImageUpload } from './service.js';
import { providersFromConfig } from './suggestions/providers.js';
import { createSuggestionService } from './suggestions/service.js';
import { rethrowAsUnreadableMultipart } from '../media/upload.js';

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
    return { buffer: await part.toBuffer(), filename: part.filename, field: IMAGE_FIELD };
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
 * Spec §7 Artists, scoped to the signed-in account (an impersonation session is the impersonated user's): list,
 * read, create, update (POST), delete, suggestions, roles, and the artist image.
 */
export function artistRoutes({
  db,
  auth,
  config,
  images,
  artists = createArtistService({ db, images }),
}: {
  db: Db;
  auth: AuthGuard;
  config: Pick<AppConfig, 'spotify' | 'appleMusic'>;
  images: ImageStore;
  artists?: ArtistService;
}): FastifyPluginAsyncZod {
  const suggestions = createSuggestionService({ db, providers: providersFromConfig(config) });
  return async (app) => {
    // Only these routes take multipart bodies; one file, bounded (the content is checked by the service).
    await app.register(multipart, {
      limits: { fileSize: ARTIST_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 },
    });
    const signedIn = auth.guard();
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const tags = ['artists'];

    app.get(
      '/v2/artists',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The account’s artists with profiles and counts, paged (default: name ascending)',
          security: bearer,
          querystring: artistListQuerySchema,
          response: { 200: artistPageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await artists.list(accountOf(request), request.query);
        const origin = publicOrigin(request);
        return { ...page, items: page.items.map((artist) => toArtistDetail(artist, origin)) };
      },
    );

    app.get(
      '/v1/artists/suggestions',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Artist profiles on the platforms matching a name, for linking an artist',
          description:
            'Each asked platform (platform[] repeated; all profile platforms without it) is searched in its own ' +
            'catalogue when this installation has credentials for it, otherwise in the profiles already known ' +
            'here; unsearchedPlatforms says which catalogues were not searched and why.',
          security: bearer,
          querystring: artistSuggestionsQuerySchema,
          response: { 200: artistSuggestionsSchema, ...errorResponses },
        },
      },
      async (request) => suggestions.suggest(request.query.q, request.query['platform[]'], request.log),
    );

    app.get(
      '/v1/artists/roles',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The roles of a scope: album and track artists, or contributors (credit roles)',
          security: bearer,
          querystring: artistRolesQuerySchema,
          response: { 200: roleOptionsSchema, ...errorResponses },
        },
      },
      async (request) => rolesFor(request.query.scope),
    );

    app.get(
      '/v1/artists/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'One of the account’s artists',
          security: bearer,
          params: artistParamsSchema,
          response: { 200: artistDetailSchema, ...errorResponses },
        },
      },
      async (request) =>
        toArtistDetail(await artists.get(accountOf(request), request.params.id), publicOrigin(request)),
    );

    app.post(
      '/v1/artists',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Create an artist with its platform profiles',
          security: bearer,
          body: createArtistBodySchema,
          response: { 201: artistDetailSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const artist = await artists.create(accountOf(request), request.body);
        return reply.code(201).send(toArtistDetail(artist, publicOrigin(request)));
      },
    );

    app.post(
      '/v1/artists/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Update an artist: absent fields unchanged; profiles, when sent, replace the whole list',
          security: bearer,
          params: artistParamsSchema,
          body: updateArtistBodySchema,
          response: { 200: artistDetailSchema, ...errorResponses },
        },
      },
      async (request) =>
        toArtistDetail(
          await artists.update(accountOf(request), request.params.id, request.body),
          publicOrigin(request),
        ),
    );

    app.delete(
      '/v1/artists/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Delete an artist (409 while it is credited on a delivered release)',
          security: bearer,
          params: artistParamsSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await artists.remove(accountOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/artists/:id/image',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Set the artist image: multipart/form-data, one JPEG or PNG file part named image',
          description:
            'Checked by content, not name or declared type (415); at most 10 MiB (413) and 50 megapixels (413); ' +
            'renditions original, large, medium and thumbnail are made before the answer.',
          security: bearer,
          consumes: ['multipart/form-data'],
          params: artistParamsSchema,
          response: { 200: artistDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        // An artist that is not the caller's is refused before its upload is read.
        await artists.get(accountId, request.params.id);
        const upload = await readImagePart(request);
        const artist = await artists.setImage(accountId, request.params.id, upload);
        return toArtistDetail(artist, publicOrigin(request));
      },
    );

    app.delete(
      '/v1/artists/:id/image',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Remove the artist image and its files',
          security: bearer,
          params: artistParamsSchema,
          response: { 200: artistDetailSchema, ...errorResponses },
        },
      },
      async (request) =>
        toArtistDetail(
          await artists.removeImage(accountOf(request), request.params.id),
          publicOrigin(request),
        ),
    );
  };
}
