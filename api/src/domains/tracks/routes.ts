import multipart from '@fastify/multipart';
import {
  albumChildrenParamsSchema,
  albumTrackParamsSchema,
  createTrackRequestSchema,
  type FieldIssue,
  reorderTracksRequestSchema,
  TRACK_AUDIO_FIELD,
  trackListQuerySchema,
  trackListSchema,
  trackPageSchema,
  trackParamsSchema,
  trackSchema,
  updateTrackRequestSchema,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import type { AudioStore } from '../media/audio-store.js';
import { publicOrigin } from '../media/image-view.js';
import {
  type ReceivedFile,
  receiveFile,
  refuseOversizedRequest,
  requireMultipart,
  rethrowAsUnreadableMultipart,
} from '../media/upload.js';
import type { TrackService } from './service.js';
import { toTrack } from './track-view.js';

const AUDIO_FIELD: FieldIssue['path'] = ['body', TRACK_AUDIO_FIELD];

/** The one `audio` file part, streamed to a temporary file; its first bytes decide its type (415) before the rest. */
async function readAudioPart(
  request: FastifyRequest,
  audio: AudioStore,
  maxBytes: number,
): Promise<ReceivedFile> {
  requireMultipart(request, `the audio as a file part named ${TRACK_AUDIO_FIELD}`);
  refuseOversizedRequest(request, maxBytes, AUDIO_FIELD);
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
    if (!part || part.fieldname !== TRACK_AUDIO_FIELD) {
      part?.file.resume();
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
        { path: AUDIO_FIELD, message: `A file part named ${TRACK_AUDIO_FIELD} is required` },
      ]);
    }
    return await receiveFile(part, {
      dir: audio.dir,
      maxBytes,
      field: AUDIO_FIELD,
      accept: async (head) => {
        await audio.sniff(head, AUDIO_FIELD);
      },
    });
  } catch (error) {
    rethrowAsUnreadableMultipart(error);
  }
}

/**
 * Spec §7 Tracks and the album's tracks, scoped to the signed-in account, plus the track editing calls the spec
 * does not list (docs/decisions/0033-releases-api.md).
 */
export function trackRoutes({
  tracks,
  audio,
  auth,
  config,
}: {
  tracks: TrackService;
  audio: AudioStore;
  auth: AuthGuard;
  config: Pick<AppConfig, 'audioMaxBytes'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: config.audioMaxBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    const signedIn = auth.guard();
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const tags = ['tracks'];

    app.get(
      '/v2/tracks',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary:
            'The account’s live tracks, paged (default created_at descending); filters q, album_id, artist_id',
          security: bearer,
          querystring: trackListQuerySchema,
          response: { 200: trackPageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await tracks.list(accountOf(request), request.query);
        const origin = publicOrigin(request);
        return { ...page, items: page.items.map((track) => toTrack(track, origin)) };
      },
    );

    app.get(
      '/v1/tracks/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'One track (a soft-deleted one shows deletedAt)',
          security: bearer,
          params: trackParamsSchema,
          response: { 200: trackSchema, ...errorResponses },
        },
      },
      async (request) =>
        toTrack(await tracks.get(accountOf(request), request.params.id), publicOrigin(request)),
    );

    app.get(
      '/v1/albums/:albumId/tracks',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The album’s live tracks in order',
          security: bearer,
          params: albumChildrenParamsSchema,
          response: { 200: trackListSchema, ...errorResponses },
        },
      },
      async (request) => {
        const origin = publicOrigin(request);
        return (await tracks.ofAlbum(accountOf(request), request.params.albumId)).map((t) =>
          toTrack(t, origin),
        );
      },
    );

    app.get(
      '/v1/albums/:albumId/tracks/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'One track of the album',
          security: bearer,
          params: albumTrackParamsSchema,
          response: { 200: trackSchema, ...errorResponses },
        },
      },
      async (request) =>
        toTrack(
          await tracks.get(accountOf(request), request.params.id, request.params.albumId),
          publicOrigin(request),
        ),
    );

    app.post(
      '/v1/albums/:albumId/tracks',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Add a track to the album (last, or at `index`); 201',
          security: bearer,
          params: albumChildrenParamsSchema,
          body: createTrackRequestSchema,
          response: { 201: trackSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const track = await tracks.create(accountOf(request), request.params.albumId, request.body);
        return reply.code(201).send(toTrack(track, publicOrigin(request)));
      },
    );

    app.post(
      '/v1/albums/:albumId/tracks/order',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Reorder the album’s tracks: every live track id once, in the new order',
          security: bearer,
          params: albumChildrenParamsSchema,
          body: reorderTracksRequestSchema,
          response: { 200: trackListSchema, ...errorResponses },
        },
      },
      async (request) => {
        const origin = publicOrigin(request);
        const ordered = await tracks.reorder(accountOf(request), request.params.albumId, request.body);
        return ordered.map((track) => toTrack(track, origin));
      },
    );

    app.post(
      '/v1/albums/:albumId/tracks/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Change a track: absent fields unchanged, null clears; a new index moves it',
          security: bearer,
          params: albumTrackParamsSchema,
          body: updateTrackRequestSchema,
          response: { 200: trackSchema, ...errorResponses },
        },
      },
      async (request) =>
        toTrack(
          await tracks.update(accountOf(request), request.params.albumId, request.params.id, request.body),
          publicOrigin(request),
        ),
    );

    app.delete(
      '/v1/albums/:albumId/tracks/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Soft-delete a track (deletedAt is set; the others close the gap); 204',
          security: bearer,
          params: albumTrackParamsSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await tracks.remove(accountOf(request), request.params.albumId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/albums/:albumId/tracks/:id/audio',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Upload the track’s audio: multipart/form-data, one file part named audio',
          description:
            'WAV, FLAC or AIFF by content (415 otherwise, before the rest is read), at most AUDIO_MAX_BYTES ' +
            '(413); probed: 16 or 24 bit, 44.1 kHz or more, stereo (422 with every reason). The MP3 preview is ' +
            'made by a background job: audio.mp3 is null until then.',
          security: bearer,
          consumes: ['multipart/form-data'],
          params: albumTrackParamsSchema,
          response: { 200: trackSchema, ...errorResponses },
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        // Another account's track is refused before its upload is read.
        await tracks.get(accountId, request.params.id, request.params.albumId);
        const received = await readAudioPart(request, audio, config.audioMaxBytes);
        const track = await tracks.setAudio(
          accountId,
          request.params.albumId,
          request.params.id,
          received,
          AUDIO_FIELD,
        );
        return toTrack(track, publicOrigin(request));
      },
    );
  };
}
