import multipart from '@fastify/multipart';
import {
  adminReviewDecisionSchema,
  adminReviewDetailSchema,
  adminReviewPageSchema,
  adminReviewParamsSchema,
  adminReviewQueueQuerySchema,
  albumChildrenParamsSchema,
  albumDetailSchema,
  albumListQuerySchema,
  albumPageSchema,
  albumParamsSchema,
  albumPlatformEntriesSchema,
  albumReviewSchema,
  artistAlbumListQuerySchema,
  artistAlbumsParamsSchema,
  creditedArtistsSchema,
  deleteAlbumQuerySchema,
  publishAlbumRequestSchema,
  rejectReviewRequestSchema,
  releaseNotReadyErrorSchema,
  type ReleaseNotReadyError,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import type { ArtworkStore } from '../media/artwork-store.js';
import { publicOrigin } from '../media/image-view.js';
import { toCreditedArtist } from '../tracks/track-view.js';
import { toAlbum, toAlbumDetail, toPlatformEntries } from './album-view.js';
import { readAlbumForm } from './form.js';
import { labelCopyFileName, renderLabelCopyPdf } from './labelcopy-pdf.js';
import type { AlbumRecord } from './repository.js';
import type { ReleaseService } from './service.js';

const FORM_DESCRIPTION =
  'The album form: application/json with the fields of albumFormRequestSchema, or multipart/form-data with a ' +
  '`metadata` text part holding that JSON and an optional `artwork` file (JPEG or PNG, square, at least ' +
  '3000×3000, RGB; checked by content: 415 for another type, 413 over the size or pixel limit, 422 otherwise). ' +
  'On update an absent field is unchanged and null clears it; `tracks`, when sent, is the whole track list. ' +
  'Barcodes and ISRCs already used in the catalogue answer 409 at their field.';

/**
 * Spec §7 Albums, scoped to the signed-in account (an impersonation session is the impersonated user's; another
 * account's album is 404), plus the review of readiness and the admin content review.
 */
export function releaseRoutes({
  releases,
  artworks,
  auth,
  config,
}: {
  releases: ReleaseService;
  artworks: ArtworkStore;
  auth: AuthGuard;
  config: Pick<AppConfig, 'artworkMaxBytes'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: config.artworkMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    });
    const signedIn = auth.guard();
    const adminOnly = auth.guard({ adminOnly: true });
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const tags = ['albums'];

    app.get(
      '/v2/albums',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary:
            'The account’s albums, paged (default created_at descending); taken-down albums are not listed',
          security: bearer,
          querystring: albumListQuerySchema,
          response: { 200: albumPageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await releases.list(accountOf(request), request.query);
        const origin = publicOrigin(request);
        return { ...page, items: page.items.map((album) => toAlbum(album, origin)) };
      },
    );

    app.get(
      '/v2/artists/:artistId/albums',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The account’s albums crediting an artist (on the album or a track), paged',
          security: bearer,
          params: artistAlbumsParamsSchema,
          querystring: artistAlbumListQuerySchema,
          response: { 200: albumPageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await releases.list(accountOf(request), request.query, request.params.artistId);
        const origin = publicOrigin(request);
        return { ...page, items: page.items.map((album) => toAlbum(album, origin)) };
      },
    );

    app.get(
      '/v1/albums/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'One album with its live tracks and links (a taken-down album shows deletedAt)',
          security: bearer,
          params: albumParamsSchema,
          response: { 200: albumDetailSchema, ...errorResponses },
        },
      },
      async (request) =>
        toAlbumDetail(await releases.get(accountOf(request), request.params.id), publicOrigin(request)),
    );

    app.post(
      '/v1/albums',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Create an album (a draft) from the album form',
          description: FORM_DESCRIPTION,
          security: bearer,
          consumes: ['application/json', 'multipart/form-data'],
          response: { 201: albumDetailSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const form = await readAlbumForm(request, { artworks, maxBytes: config.artworkMaxBytes });
        const album = await releases.create(accountOf(request), form);
        return reply.code(201).send(toAlbumDetail(album, publicOrigin(request)));
      },
    );

    app.post(
      '/v1/albums/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Change an album from the album form (409 while it waits for content review)',
          description: FORM_DESCRIPTION,
          security: bearer,
          consumes: ['application/json', 'multipart/form-data'],
          params: albumParamsSchema,
          response: { 200: albumDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        // Another account's album is refused before its upload is read.
        await releases.get(accountId, request.params.id);
        const form = await readAlbumForm(request, { artworks, maxBytes: config.artworkMaxBytes });
        return toAlbumDetail(
          await releases.update(accountId, request.params.id, form),
          publicOrigin(request),
        );
      },
    );

    app.get(
      '/v1/albums/:id/platforms',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary:
            'The album’s platforms: every chosen or delivered platform with its current and pending delivery',
          security: bearer,
          params: albumParamsSchema,
          response: { 200: albumPlatformEntriesSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { album, states, notes } = await releases.platforms(accountOf(request), request.params.id);
        return toPlatformEntries(album.platforms, states, notes);
      },
    );

    app.get(
      '/v1/albums/:id/review',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary:
            'Whether the album can be published: every problem with its code, message, editor step and path',
          security: bearer,
          params: albumParamsSchema,
          response: { 200: albumReviewSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { album, problems } = await releases.review(accountOf(request), request.params.id);
        return {
          albumId: album.id,
          ready: problems.length === 0,
          problems,
          status: album.status,
          reviewStatus: album.reviewStatus,
          reviewReasons: album.reviewReasons,
        };
      },
    );

    app.post(
      '/v1/albums/:id/publish',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Publish: check the rules and submit the album for content review',
          description:
            '422 UNPROCESSABLE lists every problem (error.problems, and error.details by path) and changes nothing. ' +
            'Otherwise missing identifiers are assigned where configured, the album becomes PUBLISHED and SUBMITTED, ' +
            'and is accepted at once (then handed to delivery) when automatic acceptance is on. 409 when the album ' +
            'cannot be published in its state.',
          security: bearer,
          params: albumParamsSchema,
          body: publishAlbumRequestSchema,
          response: { 200: albumDetailSchema, 422: releaseNotReadyErrorSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await releases.publish(accountOf(request), request.params.id, request.body);
        if ('problems' in result) {
          const body: ReleaseNotReadyError = {
            error: {
              code: 'UNPROCESSABLE',
              message: `The release cannot be published yet: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} to fix`,
              details: result.problems.map((problem) => ({ path: problem.path, message: problem.message })),
              problems: result.problems,
            },
          };
          return reply.code(422).send(body);
        }
        return toAlbumDetail(result.album, publicOrigin(request));
      },
    );

    app.delete(
      '/v1/albums/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Take the album down (TAKEDOWN to every platform that has it); 204',
          description:
            'expected_amount_due (minor units) guards against a settlement amount that changed since it was ' +
            'shown: while no distribution fee exists the amount due is 0, so any other value answers 409.',
          security: bearer,
          params: albumParamsSchema,
          querystring: deleteAlbumQuerySchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await releases.remove(accountOf(request), request.params.id, request.query.expected_amount_due);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/albums/:albumId/artists',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The artists credited on the album, with their roles',
          security: bearer,
          params: albumChildrenParamsSchema,
          response: { 200: creditedArtistsSchema, ...errorResponses },
        },
      },
      async (request) => {
        const album = await releases.get(accountOf(request), request.params.albumId);
        const origin = publicOrigin(request);
        return album.artists.map((artist) => toCreditedArtist(artist, origin));
      },
    );

    app.get(
      '/v1/albums/:id/labelcopy.pdf',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The album’s label copy as a PDF (application/pdf, as an attachment)',
          security: bearer,
          params: albumParamsSchema,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The label copy, a PDF document'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const album = toAlbumDetail(
          await releases.get(accountOf(request), request.params.id),
          publicOrigin(request),
        );
        const pdf = await renderLabelCopyPdf(album);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${labelCopyFileName(album)}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    // Admin content review ---------------------------------------------------------------------------------------
    const adminTags = ['admin'];

    app.get(
      '/v1/admin/reviews',
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: 'Albums waiting for content review (SUBMITTED), oldest first by default',
          security: bearer,
          querystring: adminReviewQueueQuerySchema,
          response: { 200: adminReviewPageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await releases.reviewQueue(request.query);
        const origin = publicOrigin(request);
        return {
          ...page,
          items: page.items.map((item) => ({
            album: toAlbum(item.album, origin),
            account: { id: item.album.accountId, email: item.email },
            trackCount: item.trackCount,
            submittedAt: (item.album.submittedAt ?? item.album.updatedAt).toISOString(),
          })),
        };
      },
    );

    app.get(
      '/v1/admin/reviews/:albumId',
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: 'One album waiting for content review, with its tracks and owner (404 when not SUBMITTED)',
          description:
            'The album as GET /v1/albums/{id} answers it to its owner (live tracks with their audio, whose file ' +
            'URLs need no session), plus the owner account’s e-mail. Only albums in the review queue: a draft, ' +
            'a decided or a taken-down album is 404 like an unknown one.',
          security: bearer,
          params: adminReviewParamsSchema,
          response: { 200: adminReviewDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { album, email } = await releases.reviewDetail(request.params.albumId);
        return {
          album: toAlbumDetail(album, publicOrigin(request)),
          account: { id: album.accountId, email },
          trackCount: album.tracks.length,
          submittedAt: (album.submittedAt ?? album.updatedAt).toISOString(),
        };
      },
    );

    const decision = (album: AlbumRecord) => ({
      albumId: album.id,
      reviewStatus: album.reviewStatus,
      reviewReasons: album.reviewReasons,
    });

    app.post(
      '/v1/admin/reviews/:albumId/accept',
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: 'Accept a submitted album: ACCEPTED, and handed to delivery (409 when not SUBMITTED)',
          security: bearer,
          params: adminReviewParamsSchema,
          response: { 200: adminReviewDecisionSchema, ...errorResponses },
        },
      },
      async (request) => decision(await releases.accept(request.params.albumId)),
    );

    app.post(
      '/v1/admin/reviews/:albumId/reject',
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: 'Reject a submitted album with the reasons shown to its owner (409 when not SUBMITTED)',
          security: bearer,
          params: adminReviewParamsSchema,
          body: rejectReviewRequestSchema,
          response: { 200: adminReviewDecisionSchema, ...errorResponses },
        },
      },
      async (request) => decision(await releases.reject(request.params.albumId, request.body.reasons)),
    );
  };
}
