import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { type AlbumRecord, findAlbum, setAlbumState } from './repository.js';
import { type ReleaseEvent, transition } from './states.js';

export const albumNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such album');

/** The account's album (404 for another account's or a malformed id); `lock` holds it for the transaction. */
export async function ownedAlbum(
  q: Queryable,
  accountId: string,
  id: string,
  lock = false,
): Promise<AlbumRecord> {
  const album = UUID.test(id.toLowerCase())
    ? await findAlbum(q, accountId, id.toLowerCase(), { lock })
    : null;
  if (!album) throw albumNotFound();
  return album;
}

/**
 * Locks the account's album and makes the move `event` (docs/decisions/0034-release-states.md): 409 when the
 * table does not allow it. Answers the album as it was and the move.
 */
export async function moveAlbum(q: Queryable, album: AlbumRecord, event: ReleaseEvent) {
  const move = transition(album, event);
  await setAlbumState(q, album.id, move.next);
  return move;
}

/** Any change to an album or its tracks: lock it, check it may change (409 while under review), mark it edited. */
export async function lockAlbumForEdit(
  q: Queryable,
  accountId: string,
  albumId: string,
): Promise<AlbumRecord> {
  const album = await ownedAlbum(q, accountId, albumId, true);
  await moveAlbum(q, album, 'edit');
  return album;
}
