/**
 * The account's albums (an impersonation session sees the impersonated user's; another account's album is 404),
 * with the review of their readiness, publishing and takedown.
 */

import { z } from 'zod';
import { albumDetailSchema, albumPageSchema } from '../../album.js';
import { creditedArtistsSchema } from '../../artist.js';
import { albumPlatformEntriesSchema } from '../../platforms.js';
import type { albumFormRequestSchema } from '../../requests/albums.js';
import {
  albumChildrenParamsSchema,
  albumListQuerySchema,
  albumParamsSchema,
  artistAlbumListQuerySchema,
  artistAlbumsParamsSchema,
  deleteAlbumQuerySchema,
  publishAlbumRequestSchema,
} from '../../requests/albums.js';
import { albumReviewSchema, releaseNotReadyErrorSchema } from '../../requests/releases.js';
import { endpoint, formDataBody, meta, noBody } from '../define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'albums' });

const FORM_DESCRIPTION =
  'The album form: application/json with the fields of albumFormRequestSchema, or multipart/form-data with a ' +
  '`metadata` text part holding that JSON and an optional `artwork` file (JPEG or PNG, square, at least ' +
  '3000×3000, RGB; checked by content: 415 for another type, 413 over the size or pixel limit, 422 otherwise). ' +
  'On update an absent field is unchanged and null clears it; `tracks`, when sent, is the whole track list. ' +
  'Barcodes and ISRCs already used in the catalogue answer 409 at their field.';

/**
 * The album form as the client sends it: the JSON alone, or multipart with the JSON in its `metadata` part and the
 * artwork file (ALBUM_FORM_PARTS). The route reads either itself.
 */
const albumFormBody = /*#__PURE__*/ z.union([
  z.custom<z.input<typeof albumFormRequestSchema>>(),
  formDataBody,
]);

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/albums',
  query: albumListQuerySchema,
  responses: { 200: albumPageSchema },
  summary: 'The account’s albums, paged (default created_at descending); taken-down albums are not listed',
  metadata: signedIn,
});

export const ofArtist = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/artists/:artistId/albums',
  pathParams: artistAlbumsParamsSchema,
  query: artistAlbumListQuerySchema,
  responses: { 200: albumPageSchema },
  summary: 'The account’s albums crediting an artist (on the album or a track), paged',
  metadata: signedIn,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id',
  pathParams: albumParamsSchema,
  responses: { 200: albumDetailSchema },
  summary: 'One album with its live tracks and links (a taken-down album shows deletedAt)',
  metadata: signedIn,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums',
  body: albumFormBody,
  responses: { 201: albumDetailSchema },
  summary: 'Create an album (a draft) from the album form',
  description: FORM_DESCRIPTION,
  metadata: meta({ access: 'session', tag: 'albums', multipart: true, botCheck: 'create_album' }),
});

export const update = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:id',
  pathParams: albumParamsSchema,
  body: albumFormBody,
  responses: { 200: albumDetailSchema },
  summary: 'Change an album from the album form (409 while it waits for content review)',
  description: FORM_DESCRIPTION,
  metadata: meta({ access: 'session', tag: 'albums', multipart: true, botCheck: 'update_album' }),
});

export const platforms = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id/platforms',
  pathParams: albumParamsSchema,
  responses: { 200: albumPlatformEntriesSchema },
  summary: 'The album’s platforms: every chosen or delivered platform with its current and pending delivery',
  metadata: signedIn,
});

export const review = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id/review',
  pathParams: albumParamsSchema,
  responses: { 200: albumReviewSchema },
  summary: 'Whether the album can be published: every problem with its code, message, editor step and path',
  metadata: signedIn,
});

export const publish = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/albums/:id/publish',
  pathParams: albumParamsSchema,
  body: publishAlbumRequestSchema,
  responses: { 200: albumDetailSchema, 422: releaseNotReadyErrorSchema },
  summary: 'Publish: check the rules and submit the album for content review',
  description:
    '422 UNPROCESSABLE lists every problem (error.problems, and error.details by path) and changes nothing. ' +
    'Otherwise missing identifiers are assigned where configured, the album becomes PUBLISHED and SUBMITTED, ' +
    'and is accepted at once (then handed to delivery) when automatic acceptance is on. 409 when the album ' +
    'cannot be published in its state.',
  metadata: meta({ access: 'session', tag: 'albums', botCheck: 'publish_album' }),
});

export const takeDown = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/albums/:id',
  pathParams: albumParamsSchema,
  query: deleteAlbumQuerySchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Take the album down (TAKEDOWN to every platform that has it); 204',
  description:
    'expected_amount_due (minor units) guards against a settlement amount that changed since it was ' +
    'shown: while no distribution fee exists the amount due is 0, so any other value answers 409.',
  // Its own scope: a take-down stops earnings, so granting it to a key needs the second step (0087).
  metadata: meta({ access: 'session', tag: 'albums', moneyRouting: true, scope: 'releases:takedown' }),
});

export const artists = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:albumId/artists',
  pathParams: albumChildrenParamsSchema,
  responses: { 200: creditedArtistsSchema },
  summary: 'The artists credited on the album, with their roles',
  metadata: signedIn,
});

export const labelCopyPdf = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id/labelcopy.pdf',
  pathParams: albumParamsSchema,
  responses: { 200: z.unknown().describe('The label copy, a PDF document') },
  summary: 'The album’s label copy as a PDF (application/pdf, as an attachment)',
  metadata: meta({ access: 'session', tag: 'albums', file: true, fileType: 'application/pdf' }),
});
