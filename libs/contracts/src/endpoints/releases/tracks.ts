/**
 * The account's tracks and each album's tracks, with the editing calls of one track (add, change, move, delete,
 * upload its audio) beside the album form (docs/decisions/0033-releases-api.md).
 */

import { trackListSchema, trackPageSchema, trackSchema } from '../../track.js';
import { albumChildrenParamsSchema, albumTrackParamsSchema } from '../../requests/albums.js';
import {
  createTrackRequestSchema,
  reorderTracksRequestSchema,
  updateTrackRequestSchema,
} from '../../requests/releases.js';
import { trackListQuerySchema, trackParamsSchema } from '../../requests/tracks.js';
import { endpoint, formDataBody, meta, noBody } from '../define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'tracks' });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/tracks',
  query: trackListQuerySchema,
  responses: { 200: trackPageSchema },
  summary: 'The account’s live tracks, paged (default created_at descending); filters q, album_id, artist_id',
  metadata: signedIn,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/tracks/:id',
  pathParams: trackParamsSchema,
  responses: { 200: trackSchema },
  summary: 'One track (a soft-deleted one shows deletedAt)',
  metadata: signedIn,
});

export const ofAlbum = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:albumId/tracks',
  pathParams: albumChildrenParamsSchema,
  responses: { 200: trackListSchema },
  summary: 'The album’s live tracks in order',
  metadata: signedIn,
});

export const getOfAlbum = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:albumId/tracks/:id',
  pathParams: albumTrackParamsSchema,
  responses: { 200: trackSchema },
  summary: 'One track of the album',
  metadata: signedIn,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:albumId/tracks',
  pathParams: albumChildrenParamsSchema,
  body: createTrackRequestSchema,
  responses: { 201: trackSchema },
  summary: 'Add a track to the album (last, or at `index`); 201',
  metadata: signedIn,
});

export const reorder = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:albumId/tracks/order',
  pathParams: albumChildrenParamsSchema,
  body: reorderTracksRequestSchema,
  responses: { 200: trackListSchema },
  summary: 'Reorder the album’s tracks: every live track id once, in the new order',
  metadata: signedIn,
});

export const update = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:albumId/tracks/:id',
  pathParams: albumTrackParamsSchema,
  body: updateTrackRequestSchema,
  responses: { 200: trackSchema },
  summary: 'Change a track: absent fields unchanged, null clears; a new index moves it',
  metadata: signedIn,
});

export const remove = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/albums/:albumId/tracks/:id',
  pathParams: albumTrackParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Soft-delete a track (deletedAt is set; the others close the gap); 204',
  metadata: signedIn,
});

export const setAudio = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:albumId/tracks/:id/audio',
  pathParams: albumTrackParamsSchema,
  contentType: 'multipart/form-data',
  body: formDataBody,
  responses: { 200: trackSchema },
  summary: 'Upload the track’s audio: multipart/form-data, one file part named audio',
  description:
    'WAV, FLAC or AIFF by content (415 otherwise, before the rest is read), at most AUDIO_MAX_BYTES ' +
    '(413); probed: 16 or 24 bit, 44.1 kHz or more, stereo (422 with every reason). The MP3 preview is ' +
    'made by a background job: audio.mp3 is null until then.',
  metadata: meta({ access: 'session', tag: 'tracks', multipart: true }),
});
