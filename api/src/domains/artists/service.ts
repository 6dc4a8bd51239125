import {
  type ArtistListQuery,
  type FieldIssue,
  type Paginated,
  toPage,
  type createArtistBodySchema,
  type updateArtistBodySchema,
} from '@tunehouse/contracts';
import type { z } from 'zod';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { deleteImage, type ImageStore, insertImage } from '../media/index.js';
import {
  type ArtistRecord,
  deleteArtist,
  findArtist,
  insertArtist,
  isArtistOnDeliveredRelease,
  listArtists,
  replaceProfiles,
  setArtistImage,
  touchArtist,
} from './repository.js';

export type CreateArtist = z.output<typeof createArtistBodySchema>;
export type UpdateArtist = z.output<typeof updateArtistBodySchema>;

/** An uploaded image file as read from the request. */
export type ImageUpload = { buffer: Buffer; filename: string | undefined; field: FieldIssue['path'] };

/** Checks other domains answer about an artist (the releases issue fills them in). */
export type ArtistReleaseChecks = {
  isOnDeliveredRelease: (q: Queryable, artistId: string) => Promise<boolean>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ON_DELIVERED_RELEASE_MESSAGE =
  'This artist is credited on a release that has been delivered to stores; take the release down first';

/**
 * Artists of the caller's account. Every method takes the account: another account's artist, like an id that is
 * not one of ours, is "not found" (404), never "forbidden", so ids reveal nothing.
 */
export function createArtistService({
  db,
  images,
  releases = { isOnDeliveredRelease: isArtistOnDeliveredRelease },
}: {
  db: Db;
  images: ImageStore;
  releases?: ArtistReleaseChecks;
}) {
  const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such artist');

  async function owned(q: Queryable, accountId: string, id: string, lock = false): Promise<ArtistRecord> {
    const artist = UUID.test(id) ? await findArtist(q, accountId, id.toLowerCase(), { lock }) : null;
    if (!artist) throw notFound();
    return artist;
  }

  /** Removes an image's files once its row is gone; a failure leaves only an orphan folder, never a broken link. */
  async function discardImage(imageId: string | undefined): Promise<void> {
    if (imageId) await images.remove(imageId).catch(() => undefined);
  }

  async function list(accountId: string, query: ArtistListQuery): Promise<Paginated<ArtistRecord>> {
    const { artists, total } = await listArtists(db, accountId, query);
    return toPage(artists, query.offset, query.size, total);
  }

  const get = (accountId: string, id: string) => owned(db, accountId, id);

  async function create(accountId: string, body: CreateArtist): Promise<ArtistRecord> {
    return withTransaction(db, async (tx) => {
      const id = await insertArtist(tx, accountId, body.name);
      if (body.profiles) await replaceProfiles(tx, id, body.profiles);
      return owned(tx, accountId, id);
    });
  }

  async function update(accountId: string, id: string, body: UpdateArtist): Promise<ArtistRecord> {
    return withTransaction(db, async (tx) => {
      const artist = await owned(tx, accountId, id, true);
      await touchArtist(tx, artist.id, body.name);
      if (body.profiles) await replaceProfiles(tx, artist.id, body.profiles);
      return owned(tx, accountId, artist.id);
    });
  }

  /** 409 while the artist is on a delivered release; its image goes with it. */
  async function remove(accountId: string, id: string): Promise<void> {
    const imageId = await withTransaction(db, async (tx) => {
      const artist = await owned(tx, accountId, id, true);
      if (await releases.isOnDeliveredRelease(tx, artist.id))
        throw new ApiError(409, 'CONFLICT', ON_DELIVERED_RELEASE_MESSAGE);
      await deleteArtist(tx, artist.id);
      if (artist.image) await deleteImage(tx, artist.image.id);
      return artist.image?.id;
    });
    await discardImage(imageId);
  }

  /**
   * Replaces the artist's image with an upload: checked by content (415), pixels (413) and decoding (422) before
   * its renditions are made; the previous image's row and files are removed.
   */
  async function setImage(accountId: string, id: string, upload: ImageUpload): Promise<ArtistRecord> {
    await owned(db, accountId, id);
    const inspected = await images.inspect(upload.buffer, upload.field);
    const stored = await images.save(upload.buffer, inspected, upload.filename, upload.field);
    let previous: string | undefined;
    try {
      const artist = await withTransaction(db, async (tx) => {
        const current = await owned(tx, accountId, id, true);
        previous = current.image?.id;
        await insertImage(tx, accountId, stored);
        await setArtistImage(tx, current.id, stored.id);
        if (previous) await deleteImage(tx, previous);
        return owned(tx, accountId, current.id);
      });
      await discardImage(previous);
      return artist;
    } catch (error) {
      await discardImage(stored.id);
      throw error;
    }
  }

  async function removeImage(accountId: string, id: string): Promise<ArtistRecord> {
    let previous: string | undefined;
    const artist = await withTransaction(db, async (tx) => {
      const current = await owned(tx, accountId, id, true);
      previous = current.image?.id;
      if (previous) {
        await setArtistImage(tx, current.id, null);
        await deleteImage(tx, previous);
      }
      return owned(tx, accountId, current.id);
    });
    await discardImage(previous);
    return artist;
  }

  return { list, get, create, update, remove, setImage, removeImage };
}

export type ArtistService = ReturnType<typeof createArtistService>;
