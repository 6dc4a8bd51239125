import { isAtLeast, VERIFICATION_MIN_AGE } from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { VerificationDecision, VerificationProvider, VerificationSubmission } from './provider.js';

/** A legal name containing this word is rejected: how to see a rejection on a local install or in a test. */
export const SIMULATOR_REJECT_WORD = 'reject';
/** A photo of a document smaller than this on its short side cannot be read by a person either. */
const MIN_IMAGE_EDGE = 200;

/**
 * A SIMULATOR standing in for an identity-verification service: nobody looks at anything. It decides
 * `delaySeconds` (default 3) after a submission: approved when the stored document is still there and is the file
 * it claims to be (an image of at least 200 px on its short side, or a PDF), the person is 18 or older, and the
 * legal name does not contain the word "reject"; rejected with a reason otherwise.
 */
export class SimulatedVerificationProvider implements VerificationProvider {
  readonly name = 'simulator';
  readonly delaySeconds: number;

  constructor({ delaySeconds = 3 }: { delaySeconds?: number } = {}) {
    this.delaySeconds = delaySeconds;
  }

  async submit(submission: VerificationSubmission) {
    return { reference: `simulated-${submission.id}`, checkAfterSeconds: this.delaySeconds };
  }

  async decide(_reference: string, submission: VerificationSubmission): Promise<VerificationDecision> {
    const reject = (reason: string): VerificationDecision => ({ status: 'REJECTED', reason });
    if (submission.legalName.toLowerCase().includes(SIMULATOR_REJECT_WORD))
      return reject('Simulated rejection: the legal name contains “reject”.');
    if (!isAtLeast(submission.dateOfBirth, VERIFICATION_MIN_AGE))
      return reject(`The person must be at least ${VERIFICATION_MIN_AGE} years old.`);
    const buffer = await submission.document.read().catch(() => null);
    if (!buffer) return reject('The document could not be found; please send it again.');
    const type = await fileTypeFromBuffer(buffer);
    if (type?.mime !== submission.document.type)
      return reject('The document could not be read; please send it again.');
    if (type.mime !== 'application/pdf') {
      try {
        const { width = 0, height = 0 } = await sharp(buffer).metadata();
        if (Math.min(width, height) < MIN_IMAGE_EDGE)
          return reject('The photo of the document is too small to read; please send a larger one.');
      } catch {
        return reject('The document could not be read; please send it again.');
      }
    }
    return { status: 'APPROVED' };
  }
}
