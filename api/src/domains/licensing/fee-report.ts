import {
  type AlbumDistributionFee,
  type DistributionFeeListQuery,
  type DistributionFeeReportItem,
  type Paginated,
  type StreamCollectionItem,
  toPage,
} from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { ownedAlbum } from '../releases/index.js';
import { albumSummaries } from './album-summaries.js';
import { albumFee, ensureFees, feeView } from './fees.js';
import { type LicensingDeps, todayOf } from './licensing-deps.js';
import { feeLicencesOf, feePageOf } from './report-repository.js';
import { collectionsOfFee, type LicenceRecord } from './repository.js';

/**
 * GET /v2/reporting/distribution-fees: the account's fees, newest first, each with its album. The fees due by
 * today are issued first, in the same transaction.
 */
export async function listFees(
  deps: Pick<LicensingDeps, 'db' | 'now'>,
  { accountId, query, origin }: { accountId: string; query: DistributionFeeListQuery; origin: string },
): Promise<Paginated<DistributionFeeReportItem>> {
  return withTransaction(deps.db, async (tx) => {
    const licences = new Map<string, LicenceRecord>();
    for (const licence of await feeLicencesOf(tx, accountId)) {
      licences.set(licence.id, licence);
      await ensureFees(tx, licence, todayOf(deps));
    }
    let albumId: string | undefined;
    if (query.album_id !== undefined) {
      albumId = String(query.album_id).toLowerCase();
      if (!UUID.test(albumId)) return toPage([], query.offset, query.size, 0);
    }
    const page = await feePageOf(tx, accountId, { ...query, ...(albumId === undefined ? {} : { albumId }) });
    const albums = await albumSummaries(tx, [...new Set(page.fees.map((row) => row.albumId))], origin);
    const items = page.fees.map(({ fee, albumId: feeAlbumId }) => ({
      ...feeView(fee, licences.get(fee.licenceId)!),
      album: albums.get(feeAlbumId)!,
    }));
    return toPage(items, query.offset, query.size, page.total);
  });
}

/** GET /v1/reporting/distribution-fees/{id}/collections: what paid one of the account's fees. */
export async function feeCollections(
  { db }: Pick<LicensingDeps, 'db'>,
  { accountId, feeId }: { accountId: string; feeId: string },
): Promise<StreamCollectionItem[]> {
  const id = feeId.toLowerCase();
  const entries = UUID.test(id) ? await collectionsOfFee(db, accountId, id) : null;
  if (!entries) throw new ApiError(404, 'NOT_FOUND', 'No such distribution fee');
  return entries.map((entry) => ({
    origin: entry.origin,
    numberOfStreamsCollected: entry.streams,
    numStreams: entry.streams,
    royaltyCollected: entry.royaltyCollectedMicro,
    collectedAt: entry.collectedAt.toISOString(),
    periodMonth: entry.periodMonth,
  }));
}

/** GET /v1/albums/{id}/distribution-fee: the album's fee with the takedown settlement, or null (204). */
export async function albumDistributionFee(
  deps: Pick<LicensingDeps, 'db' | 'now'>,
  { accountId, albumId }: { accountId: string; albumId: string },
): Promise<AlbumDistributionFee | null> {
  return withTransaction(deps.db, async (tx) => {
    const album = await ownedAlbum(tx, accountId, albumId);
    return (await albumFee(tx, album.id, todayOf(deps)))?.view ?? null;
  });
}
