import { type AlbumListQuery, type Paginated, toPage } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { acceptRelease, rejectRelease, reviewDetail, reviewQueue } from './admin-review.js';
import { type AlbumForm, saveAlbum } from './edit-album.js';
import { ownedAlbum } from './editing.js';
import { publishAlbum, reviewOptions } from './publish.js';
import type { ReleaseDeps, ReleaseServiceDeps } from './release-deps.js';
import {
  type AlbumDetailRecord,
  type AlbumRecord,
  detailOf,
  listAlbums,
  ownedIds,
  platformStates,
} from './repository.js';
import { reviewRelease } from './rules.js';
import { takeDown, takeDownIn } from './take-down.js';
import type { Queryable } from '../../platform/db.js';
import type { PublishAlbumRequest } from '@tunehouse/contracts';

export type { AlbumForm } from './edit-album.js';
export type { ReleaseServiceDeps } from './release-deps.js';

/**
 * Releases (albums) of the caller's account: listing, the album form, readiness review, publishing, takedown and
 * the admin content review (docs/decisions/0033-releases-api.md, 0034-release-states.md). Each use case is a file
 * of its own taking (deps, input): edit-album.ts, publish.ts, take-down.ts, admin-review.ts; this binds the deps.
 */
export function createReleaseService({ now = () => new Date(), ...rest }: ReleaseServiceDeps) {
  const deps: ReleaseDeps = { ...rest, now };
  const { db, delivery } = deps;
  async function list(
    accountId: string,
    query: AlbumListQuery,
    artistId?: string,
  ): Promise<Paginated<AlbumRecord>> {
    const artist = artistId ?? query.artist;
    const artistUuid =
      artist === undefined ? null : UUID.test(artist.toLowerCase()) ? artist.toLowerCase() : '';
    // An artist named in the path is a resource: another account's, or none, is 404 like any other.
    if (
      artistId !== undefined &&
      (artistUuid === '' || !(await ownedIds(db, 'artists', accountId, [artistUuid!])).has(artistUuid!))
    )
      throw new ApiError(404, 'NOT_FOUND', `No artist ${artistId}`);
    // As a filter, an artist id that cannot exist finds nothing.
    if (artistUuid === '') return toPage([], query.offset, query.size, 0);
    const { albums, total } = await listAlbums(db, accountId, query, artistUuid);
    return toPage(albums, query.offset, query.size, total);
  }

  async function get(accountId: string, id: string): Promise<AlbumDetailRecord> {
    return detailOf(db, await ownedAlbum(db, accountId, id));
  }

  async function review(accountId: string, id: string) {
    const album = await get(accountId, id);
    return { album, problems: reviewRelease(album, reviewOptions(deps)) };
  }

  async function platforms(accountId: string, id: string) {
    const album = await ownedAlbum(db, accountId, id);
    const notes = (await delivery.notes?.(album.id)) ?? [];
    return { album, states: await platformStates(db, album.id), notes };
  }

  return {
    list,
    get,
    create: (accountId: string, form: AlbumForm) => saveAlbum(deps, { accountId, albumId: null, form }),
    update: (accountId: string, id: string, form: AlbumForm) =>
      saveAlbum(deps, { accountId, albumId: id, form }),
    review,
    publish: (accountId: string, id: string, body: PublishAlbumRequest) =>
      publishAlbum(deps, { accountId, id, body }),
    /**
     * DELETE /v1/albums/{id}: takes the album down (take-down.ts), paying the settlement the client showed.
     */
    remove: (accountId: string, id: string, expectedAmountDue: number | undefined) =>
      takeDown(deps, { accountId, id, expectedAmountDue }),
    /** The takedown inside the caller's transaction (a card payment settles it together with its own booking). */
    removeIn: (tx: Queryable, accountId: string, id: string, expectedAmountDue: number | undefined) =>
      takeDownIn(deps, tx, { accountId, id, expectedAmountDue }),
    platforms,
    reviewQueue: (query: Parameters<typeof reviewQueue>[1]) => reviewQueue(deps, query),
    reviewDetail: (albumId: string) => reviewDetail(deps, albumId),
    accept: (albumId: string) => acceptRelease(deps, albumId),
    reject: (albumId: string, reasons: string[]) => rejectRelease(deps, albumId, reasons),
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
