import { type AdminReviewQueueQuery, toPage } from '@tunehouse/contracts';
import { type Queryable, withTransaction } from '../../platform/db.js';
import { UUID } from '../../platform/sql.js';
import { albumNotFound, moveAlbum } from './editing.js';
import { acceptIn } from './hand-off.js';
import type { ReleaseDeps } from './release-deps.js';
import {
  type AlbumRecord,
  detailOf,
  findAlbum,
  findReviewAlbum,
  listReviewQueue,
  setAlbumState,
} from './repository.js';

// The admins' content review of submitted releases.

export async function reviewQueue({ db }: Pick<ReleaseDeps, 'db'>, query: AdminReviewQueueQuery) {
  const { items, total } = await listReviewQueue(db, query);
  return toPage(items, query.offset, query.size, total);
}

/**
 * GET /v1/admin/reviews/{albumId}: a waiting album with its tracks and owner. Only the queue's albums (404 for
 * a draft, a decided or a taken-down album): admins read other accounts' releases for the review, anything else
 * goes through audited impersonation.
 */
export async function reviewDetail({ db }: Pick<ReleaseDeps, 'db'>, albumId: string) {
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

export async function acceptRelease(deps: ReleaseDeps, albumId: string): Promise<AlbumRecord> {
  return withTransaction(deps.db, async (tx) => {
    const album = await anyAlbum(tx, albumId);
    await acceptIn(deps, tx, album);
    return (await findAlbum(tx, null, album.id))!;
  });
}

export async function rejectRelease(
  { db }: Pick<ReleaseDeps, 'db'>,
  albumId: string,
  reasons: string[],
): Promise<AlbumRecord> {
  return withTransaction(db, async (tx) => {
    const album = await anyAlbum(tx, albumId);
    const move = await moveAlbum(tx, album, 'reject');
    await setAlbumState(tx, album.id, { ...move.next, reviewReasons: reasons, reviewed: true });
    return (await findAlbum(tx, null, album.id))!;
  });
}
