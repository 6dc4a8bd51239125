import type {
  AdminHolderReviewItem,
  AdminHolderReviewPage,
  AdminHolderReviewQuery,
} from '@tunehouse/contracts';
import { toPage } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { maskIban } from './repository.js';

type ReviewRow = {
  id: string;
  account_id: string;
  email: string | null;
  holder_name: string;
  verified_name: string | null;
  iban_country: string;
  iban_last4: string;
  country: AdminHolderReviewItem['country'];
  holder_review: AdminHolderReviewItem['holderReview'];
  created_at: Date;
  holder_reviewed_at: Date | null;
};

// The account's e-mail is its first user's; the verified name is its latest approved verification's.
const SELECT = `SELECT m.id, m.account_id,
    (SELECT u.email FROM users u WHERE u.account_id = m.account_id ORDER BY u.created_at, u.id LIMIT 1) AS email,
    m.holder_name,
    (SELECT v.legal_name FROM identity_verifications v WHERE v.account_id = m.account_id AND v.status = 'APPROVED'
      ORDER BY v.decided_at DESC, v.id LIMIT 1) AS verified_name,
    m.iban_country, m.iban_last4, m.country, m.holder_review, m.created_at, m.holder_reviewed_at
  FROM payment_methods m`;

const toItem = (row: ReviewRow): AdminHolderReviewItem => ({
  id: row.id,
  account: { id: row.account_id, email: row.email ?? '' },
  holderName: row.holder_name,
  verifiedName: row.verified_name,
  maskedIban: maskIban(row.iban_country, row.iban_last4),
  country: row.country,
  holderReview: row.holder_review,
  createdAt: row.created_at.toISOString(),
  reviewedAt: row.holder_reviewed_at?.toISOString() ?? null,
});

/**
 * The administrators' review of bank accounts whose holder did not match the account's verified legal name
 * (docs/decisions/0062-verified-supplier-and-names.md): the queue, and a decision taken once (approve or reject a PENDING_REVIEW account; 409 when
 * it is not waiting, 404 when there is no such bank account).
 */
export function createHolderReviews(db: Db) {
  async function queue({ offset, size, status }: AdminHolderReviewQuery): Promise<AdminHolderReviewPage> {
    const where = `m.kind = 'BANK_ACCOUNT' AND m.deleted_at IS NULL AND m.holder_review = $1`;
    const { rows: count } = await db.query<{ total: string }>(
      `SELECT count(*) AS total FROM payment_methods m WHERE ${where}`,
      [status],
    );
    const { rows } = await db.query<ReviewRow>(
      `${SELECT} WHERE ${where} ORDER BY m.created_at, m.id OFFSET $2 LIMIT $3`,
      [status, offset, size],
    );
    return toPage(rows.map(toItem), offset, size, Number(count[0]?.total ?? 0));
  }

  async function decide(
    id: string,
    decision: 'APPROVED' | 'REJECTED',
    adminUserId: string,
  ): Promise<AdminHolderReviewItem> {
    const { rowCount } = await db.query(
      `UPDATE payment_methods SET holder_review = $2, holder_reviewed_at = now(), holder_reviewed_by = $3
        WHERE id = $1 AND kind = 'BANK_ACCOUNT' AND deleted_at IS NULL AND holder_review = 'PENDING_REVIEW'`,
      [id, decision, adminUserId],
    );
    const { rows } = await db.query<ReviewRow>(
      `${SELECT} WHERE m.id = $1 AND m.kind = 'BANK_ACCOUNT' AND m.deleted_at IS NULL`,
      [id],
    );
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', `No bank account ${id}`);
    if (!rowCount)
      throw new ApiError(
        409,
        'CONFLICT',
        `This bank account is not waiting for review (${rows[0].holder_review})`,
      );
    return toItem(rows[0]);
  }

  return {
    queue,
    approve: (id: string, adminUserId: string) => decide(id, 'APPROVED', adminUserId),
    reject: (id: string, adminUserId: string) => decide(id, 'REJECTED', adminUserId),
  };
}

export type HolderReviews = ReturnType<typeof createHolderReviews>;
