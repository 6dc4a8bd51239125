import { randomUUID } from 'node:crypto';
import type {
  IdentityVerificationFields,
  VerificationDocumentType,
  VerificationStatus,
} from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import { type Db, iso, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { createDocumentStore, type DocumentStore } from './document-store.js';
import type { VerificationProvider, VerificationSubmission } from './provider.js';
import {
  findLatestVerification,
  findVerification,
  findVerifiedIdentity,
  insertVerification,
  recordDecision,
  setProviderReference,
  type VerificationRecord,
} from './repository.js';
import { SimulatedVerificationProvider } from './simulated-provider.js';

/** The job that asks the provider for its decision. */
export type VerificationJob = { verificationId: string };

/** When the provider is still looking, it is asked again this much later. */
const RECHECK_SECONDS = 60;

export type DocumentUpload = { buffer: Buffer; type: VerificationDocumentType };

type Deps = { db: Db; jobs: Jobs; documents: DocumentStore; provider: VerificationProvider };

function toStatus(record: VerificationRecord | null): VerificationStatus {
  if (!record) return { status: 'NONE', submittedAt: null, decidedAt: null, reason: null };
  return {
    status: record.status,
    submittedAt: record.submittedAt.toISOString(),
    decidedAt: iso(record.decidedAt),
    reason: record.reason,
  };
}

const underReview = () =>
  new ApiError(409, 'CONFLICT', 'Your identity is being checked already; wait for the decision');
const alreadyVerified = () => new ApiError(409, 'CONFLICT', 'Your identity is verified already');

/**
 * Identity verification of an account: a submission is stored (details in the database, the document as a file),
 * handed to the provider, and decided by a job; an approval sets `accounts.verified_at`.
 */
export function createVerificationService({ db, jobs, documents, provider }: Deps) {
  function submissionOf(record: VerificationRecord): VerificationSubmission {
    return {
      id: record.id,
      accountId: record.accountId,
      legalName: record.legalName,
      dateOfBirth: record.dateOfBirth,
      addressLine: record.addressLine,
      city: record.city,
      postalCode: record.postalCode,
      country: record.country,
      document: {
        read: () => documents.read(record.documentFile),
        type: record.documentType,
        size: record.documentSize,
      },
      submittedAt: record.submittedAt,
    };
  }

  /**
   * The account's verification as `account.verifiedAt` has it: once that is set the answer is APPROVED (its approved
   * verification, or, for an account verified without one, the time it was verified), never NONE or an older
   * attempt's REJECTED beside a verified account (docs/decisions/0069-demo-truth-and-wallet-errors.md).
   */
  async function current(account: { id: string; verifiedAt: Date | null }): Promise<VerificationStatus> {
    const latest = await findLatestVerification(db, account.id);
    if (!account.verifiedAt || latest?.status === 'APPROVED') return toStatus(latest);
    const approved = await findVerifiedIdentity(db, account.id);
    return {
      status: 'APPROVED',
      submittedAt: null,
      decidedAt: (approved?.decidedAt ?? account.verifiedAt).toISOString(),
      reason: null,
    };
  }

  /** Refuses a new submission while one is under review or the account is verified (before the upload is read). */
  async function assertCanSubmit(caller: AuthContext): Promise<void> {
    if (caller.user.account.verifiedAt) throw alreadyVerified();
    const latest = await findLatestVerification(db, caller.user.account.id);
    if (latest?.status === 'PENDING') throw underReview();
    if (latest?.status === 'APPROVED') throw alreadyVerified();
  }

  async function submit(
    caller: AuthContext,
    fields: IdentityVerificationFields,
    upload: DocumentUpload,
  ): Promise<VerificationStatus> {
    const accountId = caller.user.account.id;
    const id = randomUUID();
    const documentFile = await documents.save(accountId, id, upload.buffer, upload.type);
    try {
      const record = await withTransaction(db, async (tx) => {
        const inserted = await insertVerification(tx, {
          id,
          accountId,
          submittedBy: caller.user.id,
          provider: provider.name,
          ...fields,
          documentFile,
          documentType: upload.type,
          documentSize: upload.buffer.length,
        });
        if (!inserted) throw underReview();
        const handed = await provider.submit(submissionOf(inserted));
        await setProviderReference(tx, id, handed.reference);
        // Written with the submission: the decision is asked for if and only if the submission committed.
        await jobs.enqueue(
          QUEUES.identityVerification,
          { verificationId: id } satisfies VerificationJob,
          tx,
          {
            startAfterSeconds: handed.checkAfterSeconds,
          },
        );
        return inserted;
      });
      return toStatus(record);
    } catch (error) {
      await documents.remove(documentFile).catch(() => undefined);
      throw error;
    }
  }

  /** The job: asks the provider and records its decision; asks again later while it has none. */
  async function review({ verificationId }: VerificationJob): Promise<void> {
    const record = await findVerification(db, verificationId);
    if (!record || record.status !== 'PENDING') return;
    const decision = await provider.decide(record.providerReference ?? '', submissionOf(record));
    if (!decision) {
      await jobs.enqueue(QUEUES.identityVerification, { verificationId }, undefined, {
        startAfterSeconds: RECHECK_SECONDS,
      });
      return;
    }
    await withTransaction(db, (tx) => recordDecision(tx, verificationId, decision));
  }

  return { current, assertCanSubmit, submit, review };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * The service as the API runs it: documents in the media storage under `verifications/` (given a data folder: the
 * local storage on it), decided by the built-in simulator
 * (no real provider is wired yet) `simulatorDelaySeconds` after each submission.
 */
export function createBuiltInVerificationService({
  db,
  jobs,
  storage,
  simulatorDelaySeconds,
}: {
  db: Db;
  jobs: Jobs;
  storage: MediaStorage | string;
  simulatorDelaySeconds?: number;
}): VerificationService {
  return createVerificationService({
    db,
    jobs,
    documents: createDocumentStore(storage),
    provider: new SimulatedVerificationProvider(
      simulatorDelaySeconds === undefined ? {} : { delaySeconds: simulatorDelaySeconds },
    ),
  });
}
