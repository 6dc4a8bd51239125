import {
  type AlbumDistributionFee,
  type AlbumSummary,
  type ArtworkSummary,
  type DistributionFeeListQuery,
  type DistributionFeeReportItem,
  type LicenseListQuery,
  type LicenseReportItem,
  type Paginated,
  type PlanOption,
  type ReportingPlan,
  type StreamCollectionItem,
  toPage,
} from '@tunehouse/contracts';
import type { PlanSettings } from '../../platform/config.js';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { imageFileUrl } from '../media/index.js';
import { creditedArtistsOf, ownedAlbum } from '../releases/index.js';
import { UUID } from '../../platform/sql.js';
import { albumFee, ensureFees, feeView, licenceItem } from './fees.js';
import { planOptions, reportingPlan, suggestedPlan } from './plans.js';
import {
  collectionsOfFee,
  FEE_COLUMNS,
  findLicenceOfAlbum,
  LICENCE_COLUMNS,
  type LicenceRecord,
  toFee,
  toLicence,
} from './repository.js';

export type LicensingServiceDeps = {
  db: Db;
  plans: PlanSettings;
  /** The clock (tests move it). */
  now?: () => Date;
};

/** The licence list's sort fields and their columns (payment_plan is the plan). */
const LICENCE_ORDER: Record<LicenseListQuery['order_by'], string> = {
  created_at: 'l.created_at',
  updated_at: 'l.updated_at',
  status: 'l.status',
  payment_plan: 'l.plan',
  assigned_at: 'l.assigned_at',
  activated_at: 'l.activated_at',
  revoked_at: 'l.revoked_at',
  canceled_at: 'l.canceled_at',
  starts_at: 'l.starts_at',
  ends_at: 'l.ends_at',
};

type AlbumRow = {
  id: string;
  title: string | null;
  version: string | null;
  barcode: string | null;
  image_id: string | null;
  image_renditions: Record<
    string,
    { file: string; size: number; width: number; height: number; name: string }
  > | null;
};

/** The album summaries the fee report embeds (title, version, barcode, artwork, album artists). */
async function albumSummaries(
  q: Queryable,
  ids: string[],
  origin: string,
): Promise<Map<string, AlbumSummary>> {
  const { rows } = await q.query<AlbumRow>(
    `SELECT al.id, al.title, al.version, al.barcode, i.id AS image_id, i.renditions AS image_renditions
       FROM albums al LEFT JOIN images i ON i.id = al.artwork_id WHERE al.id = ANY($1::uuid[])`,
    [ids],
  );
  const artists = await creditedArtistsOf(q, 'album_artists', ids);
  const summaries = new Map<string, AlbumSummary>();
  for (const row of rows) {
    const credited = artists.get(row.id) ?? [];
    const rendition = (name: 'medium' | 'thumbnail') => {
      const stored = row.image_renditions?.[name];
      if (!stored || !row.image_id) return null;
      const { file, size, width, height } = stored;
      return { url: imageFileUrl(origin, row.image_id, file), size, width, height, name: stored.name };
    };
    const artwork: ArtworkSummary | null = row.image_id
      ? { id: row.image_id, medium: rendition('medium'), thumbnail: rendition('thumbnail') }
      : null;
    summaries.set(row.id, {
      id: row.id,
      title: row.title,
      version: row.version,
      barcode: row.barcode,
      artwork,
      artists: credited.map((artist) => ({ id: artist.id, name: artist.name, role: artist.role })),
      isCollaboration: credited.filter((artist) => artist.role === 'PRIMARY').length > 1,
    });
  }
  return summaries;
}

/**
 * The reporting calls (standard plan, licenses, distribution fees) and the album's distribution fee, for the caller's account: another
 * account's album is a 404 like a missing one (docs/decisions/0043-plans-and-fees.md).
 */
export function createLicensingService({ db, plans, now = () => new Date() }: LicensingServiceDeps) {
  const today = () => now().toISOString().slice(0, 10);

  /** GET /v1/reporting/plans/standard. */
  function standardPlan(): ReportingPlan {
    return reportingPlan('STANDARD', plans.terms.STANDARD);
  }

  /** GET /v1/reporting/plans: every plan, and whether this account may choose it at publishing. */
  async function planChoices(accountId: string): Promise<PlanOption[]> {
    return planOptions(plans, await suggestedPlan(db, plans, accountId));
  }

  /** GET /v1/reporting/distribution-fees/{id}/collections: what paid one of the account's fees. */
  async function feeCollections(accountId: string, feeId: string): Promise<StreamCollectionItem[]> {
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

  /** GET /v2/reporting/licenses. */
  async function licences(
    accountId: string,
    query: LicenseListQuery,
    origin: string,
  ): Promise<Paginated<LicenseReportItem>> {
    const filters: string[] = ['l.account_id = $1'];
    const values: unknown[] = [accountId];
    if (query.album_id !== undefined) {
      const albumId = String(query.album_id).toLowerCase();
      if (!UUID.test(albumId)) return toPage([], query.offset, query.size, 0);
      values.push(albumId);
      filters.push(`l.album_id = $${values.length}`);
    }
    if (query.status !== undefined) {
      values.push(query.status);
      filters.push(`l.status = $${values.length}`);
    }
    const where = filters.join(' AND ');
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { rows } = await db.query<Parameters<typeof toLicence>[0] & { total: string }>(
      `SELECT ${LICENCE_COLUMNS}, count(*) OVER () AS total FROM licences l WHERE ${where}
        ORDER BY ${LICENCE_ORDER[query.order_by]} ${direction} NULLS LAST, l.id ${direction}
        LIMIT ${query.size} OFFSET ${query.offset}`,
      values,
    );
    const total = rows[0] ? Number(rows[0].total) : await countLicences(where, values);
    const albums = await albumSummaries(db, [...new Set(rows.map((row) => row.album_id))], origin);
    return toPage(
      rows.map((row) => ({ ...licenceItem(toLicence(row)), album: albums.get(row.album_id) ?? null })),
      query.offset,
      query.size,
      total,
    );
  }

  async function countLicences(where: string, values: unknown[]): Promise<number> {
    const { rows } = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM licences l WHERE ${where}`,
      values,
    );
    return rows[0]?.total ?? 0;
  }

  /**
   * POST /v1/reporting/licenses/suggestions: the album's licence when it has one in force, else the licence
   * publishing it would make (no id, no acceptance yet) under the plan suggested to the account.
   */
  async function suggestion(accountId: string, albumId: string): Promise<LicenseReportItem> {
    const album = await ownedAlbum(db, accountId, albumId);
    const existing = await findLicenceOfAlbum(db, album.id, { inForce: true });
    if (existing) return licenceItem(existing);
    const plan = await suggestedPlan(db, plans, accountId);
    return {
      id: null,
      albumId: album.id,
      termsAcceptedAt: null,
      ownershipConfirmedAt: null,
      paymentPlan: reportingPlan(plan, plans.terms[plan]),
    };
  }

  /** GET /v2/reporting/distribution-fees: the account's fees, newest first, each with its album. */
  async function fees(
    accountId: string,
    query: DistributionFeeListQuery,
    origin: string,
  ): Promise<Paginated<DistributionFeeReportItem>> {
    return withTransaction(db, async (tx) => {
      const { rows: licenceRows } = await tx.query<Parameters<typeof toLicence>[0]>(
        `SELECT ${LICENCE_COLUMNS} FROM licences l WHERE l.account_id = $1 AND l.fee_terms IS NOT NULL`,
        [accountId],
      );
      const licences = new Map<string, LicenceRecord>();
      for (const row of licenceRows) {
        const licence = toLicence(row);
        licences.set(licence.id, licence);
        await ensureFees(tx, licence, today());
      }
      const filters = ['l.account_id = $1'];
      const values: unknown[] = [accountId];
      if (query.settled !== undefined)
        filters.push(query.settled ? 'f.settled_at IS NOT NULL' : 'f.settled_at IS NULL');
      if (query.album_id !== undefined) {
        const albumId = String(query.album_id).toLowerCase();
        if (!UUID.test(albumId)) return toPage([], query.offset, query.size, 0);
        values.push(albumId);
        filters.push(`l.album_id = $${values.length}`);
      }
      const { rows } = await tx.query<Parameters<typeof toFee>[0] & { album_id: string; total: string }>(
        `SELECT ${FEE_COLUMNS}, l.album_id, count(*) OVER () AS total
           FROM distribution_fees f JOIN licences l ON l.id = f.licence_id
          WHERE ${filters.join(' AND ')}
          ORDER BY f.issued_at DESC, f.sequence_number DESC, f.id
          LIMIT ${query.size} OFFSET ${query.offset}`,
        values,
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (!rows[0] && query.offset > 0) {
        const counted = await tx.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM distribution_fees f JOIN licences l ON l.id = f.licence_id
            WHERE ${filters.join(' AND ')}`,
          values,
        );
        total = counted.rows[0]?.total ?? 0;
      }
      const albums = await albumSummaries(tx, [...new Set(rows.map((row) => row.album_id))], origin);
      const items = rows.map((row) => {
        const fee = toFee(row);
        return { ...feeView(fee, licences.get(fee.licenceId)!), album: albums.get(row.album_id)! };
      });
      return toPage(items, query.offset, query.size, total);
    });
  }

  /** GET /v1/albums/{id}/distribution-fee: the album's fee with the takedown settlement, or null (204). */
  async function albumDistributionFee(
    accountId: string,
    albumId: string,
  ): Promise<AlbumDistributionFee | null> {
    return withTransaction(db, async (tx) => {
      const album = await ownedAlbum(tx, accountId, albumId);
      return (await albumFee(tx, album.id, today()))?.view ?? null;
    });
  }

  return { standardPlan, planChoices, licences, suggestion, fees, feeCollections, albumDistributionFee };
}

export type LicensingService = ReturnType<typeof createLicensingService>;
