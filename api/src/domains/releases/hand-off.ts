import type { DeliveryAction } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { moveAlbum } from './editing.js';
import type { ReleaseDeps } from './release-deps.js';
import { type AlbumRecord, platformStates, savePlatformState, setAlbumState } from './repository.js';
import { planDelivery } from './states.js';

/** Writes the per-platform pending states of an accept or takedown and hands each action to delivery. */
export async function handOff(
  { delivery }: Pick<ReleaseDeps, 'delivery'>,
  tx: Queryable,
  album: AlbumRecord,
  kind: 'deliver' | 'takedown',
) {
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
export async function acceptIn(deps: Pick<ReleaseDeps, 'delivery'>, tx: Queryable, album: AlbumRecord) {
  const move = await moveAlbum(tx, album, 'accept');
  await setAlbumState(tx, album.id, { ...move.next, reviewReasons: [], reviewed: true });
  await handOff(deps, tx, album, 'deliver');
}
