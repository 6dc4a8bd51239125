import type { AlbumSplit } from '@tunehouse/contracts';
import { UUID } from '../../platform/sql.js';
import { albumNotFound } from './put.js';
import { canRead, viewSplit } from './reading.js';
import { findAlbum, findSplitOfAlbum } from './repository.js';
import type { SplitsDeps } from './split-deps.js';
import { nextEffectiveFrom } from './versions.js';

/**
 * GET /v1/albums/{id}/splits: the album's split, or none yet (then only the album's owner is answered), with the
 * first day a new version could take effect.
 */
export async function splitOfAlbum(
  { db }: Pick<SplitsDeps, 'db'>,
  { accountId, albumId, origin }: { accountId: string; albumId: string; origin: string },
): Promise<AlbumSplit> {
  const id = albumId.toLowerCase();
  const album = UUID.test(id) ? await findAlbum(db, id) : null;
  if (!album) throw albumNotFound();
  const split = await findSplitOfAlbum(db, id);
  const next = await nextEffectiveFrom(db);
  // Said up front, so the editor can say the split is closed when it opens, not only when a save is refused.
  const takenDownAt = album.takenDownAt?.toISOString() ?? null;
  if (!split) {
    if (album.accountId !== accountId) throw albumNotFound();
    return { albumId: id, split: null, nextEffectiveFrom: next, takenDownAt };
  }
  if (!(await canRead(db, split, accountId))) throw albumNotFound();
  return {
    albumId: id,
    split: await viewSplit(db, split, accountId, origin),
    nextEffectiveFrom: next,
    takenDownAt,
  };
}
