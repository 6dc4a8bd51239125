import multipart from '@fastify/multipart';
import { endpoints, type ReleaseNotReadyError } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { type ArtworkStore, publicOrigin } from '../media/index.js';
import { toCreditedArtist } from './track-view.js';
import { toAlbum, toAlbumDetail, toPlatformEntries } from './album-view.js';
import { readAlbumForm } from './form.js';
import { labelCopyFileName, renderLabelCopyPdf } from './labelcopy-pdf.js';
import type { AlbumRecord } from './repository.js';
import type { ReleaseService } from './service.js';

/**
 * The account's albums (an impersonation session is the impersonated user's; another account's album is 404),
 * the review of their readiness, and the admin content review.
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
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const api = endpoints.releases.albums;
    const albumPage = (request: FastifyRequest, page: Awaited<ReturnType<ReleaseService['list']>>) => {
      const origin = publicOrigin(request);
      return { ...page, items: page.items.map((album) => toAlbum(album, origin)) };
    };

    route(api.list, async (request) => ({
      status: 200,
      body: albumPage(request, await releases.list(accountOf(request), request.query)),
    }));
    route(api.ofArtist, async (request) => ({
      status: 200,
      body: albumPage(
        request,
        await releases.list(accountOf(request), request.query, request.params.artistId),
      ),
    }));
    route(api.get, async (request) => ({
      status: 200,
      body: toAlbumDetail(await releases.get(accountOf(request), request.params.id), publicOrigin(request)),
    }));
    route(api.create, async (request) => {
      const form = await readAlbumForm(request, { artworks, maxBytes: config.artworkMaxBytes });
      const album = await releases.create(accountOf(request), form);
      return { status: 201, body: toAlbumDetail(album, publicOrigin(request)) };
    });
    route(api.update, async (request) => {
      const accountId = accountOf(request);
      // Another account's album is refused before its upload is read.
      await releases.get(accountId, request.params.id);
      const form = await readAlbumForm(request, { artworks, maxBytes: config.artworkMaxBytes });
      return {
        status: 200,
        body: toAlbumDetail(await releases.update(accountId, request.params.id, form), publicOrigin(request)),
      };
    });
    route(api.platforms, async (request) => {
      const { album, states, notes } = await releases.platforms(accountOf(request), request.params.id);
      return { status: 200, body: toPlatformEntries(album.platforms, states, notes, album.releaseDate) };
    });
    route(api.review, async (request) => {
      const { album, problems } = await releases.review(accountOf(request), request.params.id);
      return {
        status: 200,
        body: {
          albumId: album.id,
          ready: problems.length === 0,
          problems,
          status: album.status,
          reviewStatus: album.reviewStatus,
          reviewReasons: album.reviewReasons,
        },
      };
    });
    route(api.publish, async (request) => {
      const result = await releases.publish(accountOf(request), request.params.id, request.body);
      if ('problems' in result) {
        const count = result.problems.length;
        const body: ReleaseNotReadyError = {
          error: {
            code: 'UNPROCESSABLE',
            message: `The release cannot be published yet: ${count} problem${count === 1 ? '' : 's'} to fix`,
            details: result.problems.map((problem) => ({ path: problem.path, message: problem.message })),
            problems: result.problems,
          },
        };
        return { status: 422, body };
      }
      return { status: 200, body: toAlbumDetail(result.album, publicOrigin(request)) };
    });
    route(api.takeDown, async (request) => {
      await releases.remove(accountOf(request), request.params.id, request.query.expected_amount_due);
      return { status: 204, body: undefined };
    });
    route(api.artists, async (request) => {
      const album = await releases.get(accountOf(request), request.params.albumId);
      const origin = publicOrigin(request);
      return { status: 200, body: album.artists.map((artist) => toCreditedArtist(artist, origin)) };
    });
    route(api.labelCopyPdf, async (request, reply) => {
      const album = toAlbumDetail(
        await releases.get(accountOf(request), request.params.id),
        publicOrigin(request),
      );
      const pdf = await renderLabelCopyPdf(album);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${labelCopyFileName(album)}"`)
        .header('cache-control', 'private, no-store');
      return { status: 200, body: pdf };
    });

    // The admin content review.
    const reviews = endpoints.releases.reviews;
    const decision = (album: AlbumRecord) => ({
      status: 200 as const,
      body: { albumId: album.id, reviewStatus: album.reviewStatus, reviewReasons: album.reviewReasons },
    });

    route(reviews.queue, async (request) => {
      const page = await releases.reviewQueue(request.query);
      const origin = publicOrigin(request);
      return {
        status: 200,
        body: {
          ...page,
          items: page.items.map((item) => ({
            album: toAlbum(item.album, origin),
            account: { id: item.album.accountId, email: item.email },
            trackCount: item.trackCount,
            submittedAt: (item.album.submittedAt ?? item.album.updatedAt).toISOString(),
          })),
        },
      };
    });
    route(reviews.get, async (request) => {
      const { album, email } = await releases.reviewDetail(request.params.albumId);
      return {
        status: 200,
        body: {
          album: toAlbumDetail(album, publicOrigin(request)),
          account: { id: album.accountId, email },
          trackCount: album.tracks.length,
          submittedAt: (album.submittedAt ?? album.updatedAt).toISOString(),
        },
      };
    });
    route(reviews.accept, async (request) => decision(await releases.accept(request.params.albumId)));
    route(reviews.reject, async (request) =>
      decision(await releases.reject(request.params.albumId, request.body.reasons)),
    );
  };
}
