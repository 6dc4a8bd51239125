import multipart from '@fastify/multipart';
import { endpoints, type FieldIssue, TRACK_AUDIO_FIELD } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import {
  type AudioStore,
  publicOrigin,
  type ReceivedFile,
  receiveFile,
  refuseOversizedRequest,
  requireMultipart,
  rethrowAsUnreadableMultipart,
} from '../media/index.js';
import type { TrackService } from './track-service.js';
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
 * The account's tracks and each album's tracks (an impersonation session is the impersonated user's), with the
 * editing calls of one track beside the album form (docs/decisions/0033-releases-api.md).
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
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const api = endpoints.releases.tracks;

    route(api.list, async (request) => {
      const page = await tracks.list(accountOf(request), request.query);
      const origin = publicOrigin(request);
      return { status: 200, body: { ...page, items: page.items.map((track) => toTrack(track, origin)) } };
    });
    route(api.get, async (request) => ({
      status: 200,
      body: toTrack(await tracks.get(accountOf(request), request.params.id), publicOrigin(request)),
    }));
    route(api.ofAlbum, async (request) => {
      const origin = publicOrigin(request);
      const ofAlbum = await tracks.ofAlbum(accountOf(request), request.params.albumId);
      return { status: 200, body: ofAlbum.map((track) => toTrack(track, origin)) };
    });
    route(api.getOfAlbum, async (request) => ({
      status: 200,
      body: toTrack(
        await tracks.get(accountOf(request), request.params.id, request.params.albumId),
        publicOrigin(request),
      ),
    }));
    route(api.create, async (request) => {
      const track = await tracks.create(accountOf(request), request.params.albumId, request.body);
      return { status: 201, body: toTrack(track, publicOrigin(request)) };
    });
    route(api.reorder, async (request) => {
      const origin = publicOrigin(request);
      const ordered = await tracks.reorder(accountOf(request), request.params.albumId, request.body);
      return { status: 200, body: ordered.map((track) => toTrack(track, origin)) };
    });
    route(api.update, async (request) => ({
      status: 200,
      body: toTrack(
        await tracks.update(accountOf(request), request.params.albumId, request.params.id, request.body),
        publicOrigin(request),
      ),
    }));
    route(api.remove, async (request) => {
      await tracks.remove(accountOf(request), request.params.albumId, request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.setAudio, async (request) => {
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
      return { status: 200, body: toTrack(track, publicOrigin(request)) };
    });
  };
}
