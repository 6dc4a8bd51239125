import type { CountryCode, VerificationDocumentType } from '@tunehouse/contracts';

/** A stored submission as a provider sees it: the person's details and their ID document (read on demand). */
export type VerificationSubmission = {
  id: string;
  accountId: string;
  legalName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  addressLine: string;
  city: string;
  postalCode: string;
  country: CountryCode;
  /** `read` answers the stored bytes, or null when the document is no longer stored. */
  document: { read: () => Promise<Buffer | null>; type: VerificationDocumentType; size: number };
  submittedAt: Date;
};

export type VerificationDecision = { status: 'APPROVED' } | { status: 'REJECTED'; reason: string };

/**
 * Who checks a person's identity (docs/decisions/0019-account-security-and-identity.md). The API stores a valid
 * submission, hands it over with `submit`, and a job asks `decide` for the outcome `checkAfterSeconds` later (and
 * again later while it answers null). A real provider would upload the document in `submit` and read its verdict
 * (or a webhook's) in `decide`; the built-in one is `SimulatedVerificationProvider`.
 */
export interface VerificationProvider {
  /** Stored with each submission ('simulator' for the built-in one). */
  readonly name: string;
  submit(submission: VerificationSubmission): Promise<{ reference: string; checkAfterSeconds: number }>;
  /** The decision, or null while the provider is still looking. */
  decide(reference: string, submission: VerificationSubmission): Promise<VerificationDecision | null>;
}
