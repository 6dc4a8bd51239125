import { createHash } from 'node:crypto';
import { endpoints, PLATFORM_NAMES, type Platform, preReleaseUntil, urlOf } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { Db, Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { escapeMarkup } from '../../platform/escape-markup.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { publicOrigin } from '../media/index.js';
import { toAlbumDetail } from './album-view.js';
import { type AlbumDetailRecord, detailOf, findAlbum } from './repository.js';

/**
 * The store pages of the platform simulators (docs/decisions/0035-ddex-delivery.md, "Store links"). A real
 * platform's acknowledgement says nothing of where the release shows; a distributor learns its store URL later from
 * the platform. A simulated platform "publishes" a release that goes live on it at a page of this API, so the
 * release's links, promotion page and QR codes work end to end — and nobody is sent to a made-up URL on a real
 * store.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A stable id of the release on a simulated platform: 22 base-62 characters, like a Spotify id. */
export function simulatedPlatformId(platform: Platform, albumId: string): string {
  const digest = createHash('sha256').update(`${platform}:${albumId}`).digest();
  return Array.from(digest.subarray(0, 22), (byte) => BASE62[byte % 62]).join('');
}

/** Stored relative to the API; the album view makes it absolute with the origin the client reached. */
export function simulatedStoreLink(platform: Platform, albumId: string) {
  const platformId = simulatedPlatformId(platform, albumId);
  return {
    platform,
    platformId,
    url: urlOf(endpoints.releases.simulator.storePage, { params: { platform, platformId } }),
  };
}

export async function removeLink(q: Queryable, albumId: string, platform: Platform): Promise<void> {
  await q.query('DELETE FROM album_links WHERE album_id = $1 AND platform = $2', [albumId, platform]);
}

/** The releases live on the simulated platforms, found by their id there. */
export function createSimulatedStore({ db }: { db: Db }) {
  return {
    /** The release at a simulated platform's id; 404 when there is none, or once it is taken down. */
    async liveRelease(platform: Platform, platformId: string): Promise<AlbumDetailRecord> {
      const found = await db.query<{ album_id: string }>(
        'SELECT album_id FROM album_links WHERE platform = $1 AND platform_id = $2',
        [platform, platformId],
      );
      const albumId = found.rows[0]?.album_id;
      const record = albumId ? await findAlbum(db, null, albumId) : null;
      if (!record || record.deletedAt)
        throw new ApiError(404, 'NOT_FOUND', 'This release is not on this platform');
      return detailOf(db, record);
    },
  };
}

export type SimulatedStore = ReturnType<typeof createSimulatedStore>;

/** A release's page on a simulated platform: public, like a store page; gone once the release is taken down. */
export function simulatedStoreRoutes({
  store,
  auth,
}: {
  store: SimulatedStore;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.releases.simulator.storePage, async (request, reply) => {
      const { platform, platformId } = request.params;
      const album = toAlbumDetail(await store.liveRelease(platform, platformId), publicOrigin(request));
      const storeName = PLATFORM_NAMES[platform];
      const title = [album.title, album.version ? `(${album.version})` : ''].filter(Boolean).join(' ');
      const artists = (album.artists ?? []).map((artist) => artist.name).join(', ');
      const tracks = album.tracks
        .map(
          (track) =>
            `<li>${escapeMarkup(track.title ?? 'Untitled')}${track.version ? ` <small>(${escapeMarkup(track.version)})</small>` : ''}</li>`,
        )
        .join('');
      const artwork = album.artwork?.medium?.url;
      // Taken in before its release date, it is announced, not playable, until that day (decision 0066).
      const outOn = preReleaseUntil(album.releaseDate);
      const dayMonthYear = (day: string) => day.split('-').reverse().join('-');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return {
        status: 200,
        body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)} — ${escapeMarkup(storeName)} (simulated)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#15121f}
img{width:100%;max-width:20rem;border-radius:8px}.note{background:#fff4d6;padding:.75rem 1rem;border-radius:8px}</style>
</head><body>
<p class="note">A <strong>simulated ${escapeMarkup(storeName)}</strong> page, made by this Tunehouse installation's platform simulator: the release was delivered to it${outOn ? ' and is announced until its release date' : ' and went live'}. A real platform shows its own page.</p>
${artwork ? `<img src="${escapeMarkup(artwork)}" alt="Artwork of ${escapeMarkup(title)}">` : ''}
${outOn ? `<p class="pre-release" data-pre-release="${outOn}"><strong>Pre-release — out on ${dayMonthYear(outOn)}</strong></p>` : ''}
<h1>${escapeMarkup(title)}</h1>
<p>${escapeMarkup(artists)}${album.releaseDate ? ` · ${escapeMarkup(album.releaseDate)}` : ''}</p>
<ol>${tracks}</ol>
</body></html>`,
      };
    });
  };
}
