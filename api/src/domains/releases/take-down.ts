import { type Queryable, withTransaction } from '../../platform/db.js';
import { emitNothing } from '../../platform/webhook-events.js';
import { moveAlbum, ownedAlbum } from './editing.js';
import { handOff } from './hand-off.js';
import type { ReleaseDeps } from './release-deps.js';
import { setAlbumState } from './repository.js';

/** Which album to take down, and the settlement the client showed (minor units), if any. */
export type TakedownInput = { accountId: string; id: string; expectedAmountDue: number | undefined };

/**
 * DELETE /v1/albums/{id}: takes the album down. What was delivered (or is being delivered) gets a TAKEDOWN
 * hand-off; the album keeps its rows with deletedAt set (readable, no longer listed, no further moves).
 * `expectedAmountDue` is the settlement amount the client showed (minor units): while the release's current
 * distribution fee still collects, it must equal the settlement offer (409 otherwise), which the owner's wallet
 * pays in the same transaction (docs/decisions/0043-plans-and-fees.md).
 */
export async function takeDown(deps: ReleaseDeps, input: TakedownInput): Promise<void> {
  await withTransaction(deps.db, (tx) => takeDownIn(deps, tx, input));
}

/** The takedown inside the caller's transaction (a card payment settles it together with its own booking). */
export async function takeDownIn(
  deps: Pick<ReleaseDeps, 'delivery' | 'licensing' | 'now' | 'emit'>,
  tx: Queryable,
  { accountId, id, expectedAmountDue }: TakedownInput,
): Promise<void> {
  const { licensing, now } = deps;
  const album = await ownedAlbum(tx, accountId, id, true);
  const move = await moveAlbum(tx, album, 'takedown');
  await licensing.settleForTakedown(tx, {
    accountId,
    albumId: album.id,
    expectedAmountDue,
    today: now().toISOString().slice(0, 10),
  });
  await setAlbumState(tx, album.id, { ...move.next, deleted: true });
  await handOff(deps, tx, album, 'takedown');
  await (deps.emit ?? emitNothing)(tx, accountId, 'release.taken_down', {
    albumId: album.id,
    title: album.title ?? '',
    upc: album.barcode,
  });
}
