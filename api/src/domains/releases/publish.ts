import type { PublishAlbumRequest, ReviewProblem } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { moveAlbum, ownedAlbum } from './editing.js';
import { acceptIn } from './hand-off.js';
import { assignBarcode, assignIsrc } from './identifiers.js';
import type { ReleaseDeps } from './release-deps.js';
import {
  type AlbumDetailRecord,
  detailOf,
  findAlbum,
  setAlbumState,
  updateAlbumFields,
} from './repository.js';
import { reviewRelease } from './rules.js';
import { updateTrackFields } from './track-repository.js';

/** What the publish rules are checked against: today, the lead time, and which identifiers are assigned. */
export function reviewOptions({ config, now }: Pick<ReleaseDeps, 'config' | 'now'>) {
  return {
    today: now().toISOString().slice(0, 10),
    minLeadDays: config.releaseMinLeadDays,
    assignsBarcode: config.barcodeRange !== undefined,
    assignsIsrc: config.isrcRegistrant !== undefined,
  };
}

/**
 * POST /v1/albums/{id}/publish: the rules first (every problem, nothing changed), then identifiers are assigned
 * where missing and configured, the release gets its licence (the plan chosen or suggested, with the terms
 * accepted now: docs/decisions/0043-plans-and-fees.md), the album is SUBMITTED for content review, and accepted
 * at once when automatic acceptance is on.
 */
export async function publishAlbum(
  deps: ReleaseDeps,
  { accountId, id, body }: { accountId: string; id: string; body: PublishAlbumRequest },
): Promise<{ album: AlbumDetailRecord } | { problems: ReviewProblem[] }> {
  const { db, config, licensing, now } = deps;
  return withTransaction(db, async (tx) => {
    const album = await ownedAlbum(tx, accountId, id, true);
    const move = await moveAlbum(tx, album, 'publish');
    const detail = await detailOf(tx, album);
    const problems = reviewRelease(detail, reviewOptions(deps));
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
      const isrc = await assignIsrc(tx, config.isrcRegistrant, ['tracks', track.position - 1, 'isrc'], now());
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
    if (config.reviewAutoAccept) await acceptIn(deps, tx, (await findAlbum(tx, accountId, album.id))!);
    return { album: await detailOf(tx, (await findAlbum(tx, accountId, album.id))!) };
  }).catch((error: unknown) => {
    if (error instanceof NotReady) return { problems: error.problems };
    throw error;
  });
}
/** The publish rules found problems: the transaction is rolled back and the problems answered as 422. */
class NotReady extends Error {
  constructor(readonly problems: ReviewProblem[]) {
    super('The release is not ready');
  }
}
