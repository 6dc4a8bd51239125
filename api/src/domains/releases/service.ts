import fs from 'node:fs/promises';
import {
  type AdminReviewQueueQuery,
  type AlbumFormRequest,
  type AlbumListQuery,
  type DeliveryAction,
  type FieldIssue,
  type Paginated,
  type PublishAlbumRequest,
  type ReviewProblem,
  toPage,
} from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import {
  type ArtworkStore,
  type AudioStore,
  deleteImage,
  type ImageStore,
  insertImage,
  type ReceivedFile,
  type StoredImage,
} from '../media/index.js';
import { liveTrackIds, setTrackOrder, softDeleteTracks, updateTrackFields } from './track-repository.js';
import { checkArtists, writeTrack } from './track-writer.js';
import type { ReleaseLicensingPort } from './licensing-port.js';
import type { DeliveryPort } from './delivery-port.js';
import { albumNotFound, lockAlbumForEdit, moveAlbum, ownedAlbum } from './editing.js';
import { assignBarcode, assignIsrc, duplicateIdentifier } from './identifiers.js';
import {
  type AlbumDetailRecord,
  type AlbumRecord,
  detailOf,
  findAlbum,
  findReviewAlbum,
  insertAlbum,
  listAlbums,
  listReviewQueue,
  ownedIds,
  platformStates,
  replaceAlbumArtists,
  savePlatformState,
  setAlbumArtwork,
  setAlbumState,
  updateAlbumFields,
} from './repository.js';
import { UUID } from '../../platform/sql.js';
import { reviewRelease } from './rules.js';
import { planDelivery } from './states.js';

type Path = FieldIssue['path'];

/** The album form as the route read it: the metadata, where its fields are in the request, and the artwork file. */
export type AlbumForm = {
  metadata: AlbumFormRequest;
  path: Path;
  artwork: ReceivedFile | null;
  artworkPath: Path;
};

export type ReleaseServiceDeps = {
  db: Db;
  config: Pick<AppConfig, 'releaseMinLeadDays' | 'reviewAutoAccept' | 'barcodeRange' | 'isrcRegistrant'>;
  images: ImageStore;
  artworks: ArtworkStore;
  audio: AudioStore;
  delivery: DeliveryPort;
  licensing: ReleaseLicensingPort;
  /** The clock (tests move it). */
  now?: () => Date;
};

/**
 * Releases (albums) of the caller's account: listing, the album form, readiness review, publishing, takedown and
 * the admin content review (docs/decisions/0033-releases-api.md, 0034-release-states.md).
 */
export function createReleaseService({
  db,
  config,
  images,
  artworks,
  audio,
  delivery,
  licensing,
  now = () => new Date(),
}: ReleaseServiceDeps) {
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

  /** Album fields of the form: everything but artists, tracks and artwork (null clears, absent unchanged). */
  function albumFields(metadata: AlbumFormRequest) {
    const { artists: _a, tracks: _t, artwork: _w, ...fields } = metadata;
    return fields;
  }

  /** Writes the form's tracks: the whole list, in index order; tracks left out are soft-deleted. */
  async function writeTracks(tx: Queryable, accountId: string, albumId: string, form: AlbumForm) {
    const tracks = form.metadata.tracks;
    if (!tracks) return [] as string[];
    const existing = await liveTrackIds(tx, albumId);
    const issues = tracks.flatMap((track, index) =>
      track.id !== undefined && !existing.includes(String(track.id).toLowerCase())
        ? [{ path: [...form.path, 'tracks', index, 'id'], message: 'No such track on this album' }]
        : [],
    );
    if (issues.length) throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', issues);
    const kept = new Set(
      tracks.flatMap((track) => (track.id !== undefined ? [String(track.id).toLowerCase()] : [])),
    );
    await softDeleteTracks(
      tx,
      existing.filter((id) => !kept.has(id)),
    );
    await setTrackOrder(tx, albumId, []);
    const ordered = tracks
      .map((track, index) => ({ track, index }))
      .sort((a, b) => a.track.index - b.track.index);
    const released: string[] = [];
    for (const [place, { track, index }] of ordered.entries()) {
      const { id: _id, index: _index, ...input } = track;
      const written = await writeTrack(
        tx,
        accountId,
        albumId,
        track.id !== undefined ? String(track.id).toLowerCase() : null,
        input,
        place + 1,
        [...form.path, 'tracks', index],
      );
      if (written.releasedAudioId) released.push(written.releasedAudioId);
    }
    return released;
  }

  /** Creates (album null) or changes an album from the form, in one transaction; files are tidied after it. */
  async function save(
    accountId: string,
    albumId: string | null,
    form: AlbumForm,
  ): Promise<AlbumDetailRecord> {
    let stored: StoredImage | null = null;
    if (form.artwork) {
      try {
        const inspected = await artworks.inspect(form.artwork, form.artworkPath);
        stored = await artworks.save(form.artwork, inspected, form.artworkPath);
      } finally {
        await fs.rm(form.artwork.path, { force: true });
      }
    }
    let previousArtwork: string | null = null;
    let releasedAudio: string[] = [];
    try {
      const album = await withTransaction(db, async (tx) => {
        const id =
          albumId === null
            ? await insertAlbum(tx, accountId)
            : (await lockAlbumForEdit(tx, accountId, albumId)).id;
        const current = (await findAlbum(tx, accountId, id))!;
        try {
          await updateAlbumFields(tx, id, albumFields(form.metadata));
        } catch (error) {
          throw duplicateIdentifier(error, [...form.path, 'barcode']) ?? error;
        }
        if (form.metadata.artists) {
          const artists = await checkArtists(tx, accountId, form.metadata.artists, [...form.path, 'artists']);
          await replaceAlbumArtists(tx, id, artists);
        }
        releasedAudio = await writeTracks(tx, accountId, id, form);
        if (stored || form.metadata.artwork === null) {
          previousArtwork = current.artwork?.id ?? null;
          if (stored) await insertImage(tx, accountId, stored);
          await setAlbumArtwork(tx, id, stored?.id ?? null);
          if (previousArtwork) await deleteImage(tx, previousArtwork);
        }
        return detailOf(tx, (await findAlbum(tx, accountId, id))!);
      });
      if (previousArtwork) await images.remove(previousArtwork).catch(() => undefined);
      await Promise.all(releasedAudio.map((id) => audio.remove(id).catch(() => undefined)));
      return album;
    } catch (error) {
      if (stored) await images.remove(stored.id).catch(() => undefined);
      throw error;
    }
  }

  const create = (accountId: string, form: AlbumForm) => save(accountId, null, form);
  const update = (accountId: string, id: string, form: AlbumForm) => save(accountId, id, form);

  function reviewOptions() {
    return {
      today: now().toISOString().slice(0, 10),
      minLeadDays: config.releaseMinLeadDays,
      assignsBarcode: config.barcodeRange !== undefined,
      assignsIsrc: config.isrcRegistrant !== undefined,
    };
  }

  async function review(accountId: string, id: string) {
    const album = await get(accountId, id);
    return { album, problems: reviewRelease(album, reviewOptions()) };
  }

  /** Writes the per-platform pending states of an accept or takedown and hands each action to delivery. */
  async function handOff(tx: Queryable, album: AlbumRecord, kind: 'deliver' | 'takedown') {
    const plan = planDelivery(album.platforms, await platformStates(tx, album.id), kind);
    for (const state of plan.states) await savePlatformState(tx, album.id, state);
    for (const [action, platforms] of Object.entries(plan.actions) as [
      DeliveryAction,
      typeof album.platforms,
    ][]) {
      await delivery.deliver({ albumId: album.id, action, platforms }, tx);
    }
  }

  /** Accepts a submitted album in `tx` (automatic acceptance or an admin): ACCEPTED, then the hand-off. */
  async function acceptIn(tx: Queryable, album: AlbumRecord) {
    const move = await moveAlbum(tx, album, 'accept');
    await setAlbumState(tx, album.id, { ...move.next, reviewReasons: [], reviewed: true });
    await handOff(tx, album, 'deliver');
  }

  /**
   * POST /v1/albums/{id}/publish: the rules first (every problem, nothing changed), then identifiers are assigned
   * where missing and configured, the release gets its licence (the plan chosen or suggested, with the terms
   * accepted now: docs/decisions/0043-plans-and-fees.md), the album is SUBMITTED for content review, and accepted
   * at once when automatic acceptance is on.
   */
  async function publish(
    accountId: string,
    id: string,
    body: PublishAlbumRequest,
  ): Promise<{ album: AlbumDetailRecord } | { problems: ReviewProblem[] }> {
    return withTransaction(db, async (tx) => {
      const album = await ownedAlbum(tx, accountId, id, true);
      const move = await moveAlbum(tx, album, 'publish');
      const detail = await detailOf(tx, album);
      const problems = reviewRelease(detail, reviewOptions());
      // Nothing of the move is kept: the error rolls the transaction back.
      if (problems.length > 0) throw new NotReady(problems);
      if (!detail.barcode && config.barcodeRange) {
        const barcode = await assignBarcode(tx, config.barcodeRange, ['barcode']);
        await updateAlbumFields(tx, album.id, {
          barcode,
          autofill: [...new Set([...detail.autofill, 'BARCODE'])],
        });
      }
      for (const track of detail.tracks) {
        if (track.isrc || !config.isrcRegistrant) continue;
        const isrc = await assignIsrc(
          tx,
          config.isrcRegistrant,
          ['tracks', track.position - 1, 'isrc'],
          now(),
        );
        await updateTrackFields(tx, track.id, { isrc, autofill: [...new Set([...track.autofill, 'ISRC'])] });
      }
      const licence = await licensing.licenceOnPublish(tx, {
        accountId,
        albumId: album.id,
        releaseDate: detail.releaseDate,
        chosen: body.paymentPlan,
        now: now(),
      });
      await setAlbumState(tx, album.id, {
        ...move.next,
        reviewReasons: [],
        published: album.publishedAt === null,
        submitted: true,
        termsAccepted: { paymentPlan: licence.plan },
      });
      if (config.reviewAutoAccept) await acceptIn(tx, (await findAlbum(tx, accountId, album.id))!);
      return { album: await detailOf(tx, (await findAlbum(tx, accountId, album.id))!) };
    }).catch((error: unknown) => {
      if (error instanceof NotReady) return { problems: error.problems };
      throw error;
    });
  }

  /**
   * DELETE /v1/albums/{id}: takes the album down. What was delivered (or is being delivered) gets a TAKEDOWN
   * hand-off; the album keeps its rows with deletedAt set (readable, no longer listed, no further moves).
   * `expectedAmountDue` is the settlement amount the client showed (minor units): while the release's current
   * distribution fee still collects, it must equal the settlement offer (409 otherwise), which the owner's wallet
   * pays in the same transaction (docs/decisions/0043-plans-and-fees.md).
   */
  async function remove(accountId: string, id: string, expectedAmountDue: number | undefined): Promise<void> {
    await withTransaction(db, (tx) => removeIn(tx, accountId, id, expectedAmountDue));
  }

  /** The takedown inside the caller's transaction (a card payment settles it together with its own booking). */
  async function removeIn(
    tx: Queryable,
    accountId: string,
    id: string,
    expectedAmountDue: number | undefined,
  ): Promise<void> {
    const album = await ownedAlbum(tx, accountId, id, true);
    const move = await moveAlbum(tx, album, 'takedown');
    await licensing.settleForTakedown(tx, {
      accountId,
      albumId: album.id,
      expectedAmountDue,
      today: now().toISOString().slice(0, 10),
    });
    await setAlbumState(tx, album.id, { ...move.next, deleted: true });
    await handOff(tx, album, 'takedown');
  }

  async function platforms(accountId: string, id: string) {
    const album = await ownedAlbum(db, accountId, id);
    const notes = (await delivery.notes?.(album.id)) ?? [];
    return { album, states: await platformStates(db, album.id), notes };
  }

  // Admin content review -------------------------------------------------------------------------------------

  async function reviewQueue(query: AdminReviewQueueQuery) {
    const { items, total } = await listReviewQueue(db, query);
    return toPage(items, query.offset, query.size, total);
  }

  /**
   * GET /v1/admin/reviews/{albumId}: a waiting album with its tracks and owner. Only the queue's albums (404 for
   * a draft, a decided or a taken-down album): admins read other accounts' releases for the review, anything else
   * goes through audited impersonation.
   */
  async function reviewDetail(albumId: string) {
    const found = UUID.test(albumId.toLowerCase()) ? await findReviewAlbum(db, albumId.toLowerCase()) : null;
    if (!found) throw albumNotFound();
    return { album: await detailOf(db, found.album), email: found.email };
  }

  async function anyAlbum(tx: Queryable, albumId: string): Promise<AlbumRecord> {
    const album = UUID.test(albumId.toLowerCase())
      ? await findAlbum(tx, null, albumId.toLowerCase(), { lock: true })
      : null;
    if (!album) throw albumNotFound();
    return album;
  }

  async function accept(albumId: string): Promise<AlbumRecord> {
    return withTransaction(db, async (tx) => {
      const album = await anyAlbum(tx, albumId);
      await acceptIn(tx, album);
      return (await findAlbum(tx, null, album.id))!;
    });
  }

  async function reject(albumId: string, reasons: string[]): Promise<AlbumRecord> {
    return withTransaction(db, async (tx) => {
      const album = await anyAlbum(tx, albumId);
      const move = await moveAlbum(tx, album, 'reject');
      await setAlbumState(tx, album.id, { ...move.next, reviewReasons: reasons, reviewed: true });
      return (await findAlbum(tx, null, album.id))!;
    });
  }

  return {
    list,
    get,
    create,
    update,
    review,
    publish,
    remove,
    removeIn,
    platforms,
    reviewQueue,
    reviewDetail,
    accept,
    reject,
  };
}

/** The publish rules found problems: the transaction is rolled back and the problems answered as 422. */
class NotReady extends Error {
  constructor(readonly problems: ReviewProblem[]) {
    super('The release is not ready');
  }
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
