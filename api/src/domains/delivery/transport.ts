import type { Platform } from '@tunehouse/contracts';
import { create } from 'xmlbuilder2';
import { parseXml, textsOf } from './xml.js';

/**
 * How a batch reaches a platform (docs/decisions/0035-ddex-delivery.md). A batch is one release in one message,
 * laid out in the style of DDEX's "Electronic Release Notification Choreography" batch profile:
 *
 *   <messageId>/                                   the batch folder (BatchId = MessageId)
 *     <UPC>/<UPC>.xml                              the NewReleaseMessage
 *     <UPC>/resources/<UPC>_01_<NNN>.<flac|wav|aif> audio, disc 1, track NNN (not for a TAKEDOWN)
 *     <UPC>/resources/<UPC>.<jpg|png>              front cover (not for a TAKEDOWN)
 *     BatchComplete_<messageId>.xml                written LAST: the batch is complete and the platform's
 *     <UPC>/ACK_<UPC>.xml                          written by the platform: its acknowledgement
 *
 * A platform takes a batch only once its BatchComplete file is there, so an upload cut short is never read, and
 * an upload finding the BatchComplete file already there (an earlier attempt finished) sends nothing again.
 */

/** A file of the batch: where it goes (batch-relative, '/'-separated) and where it comes from on this machine. */
export type BatchFile = { path: string; source: string; md5: string; size: number };

export type DeliveryBatch = {
  messageId: string;
  /** The release's UPC: names its folder, its message file and its acknowledgement. */
  releaseId: string;
  message: { path: string; xml: string };
  /** Audio and artwork; empty for a TAKEDOWN. */
  resources: BatchFile[];
  marker: { path: string; content: string };
};

/** What the transport answers once the whole batch, BatchComplete file last, is on the platform's side. */
export type Receipt = {
  platform: Platform;
  messageId: string;
  releaseId: string;
  /** Where the batch lies (sftp://host:port/path/<messageId>, or a folder for the simulator). */
  location: string;
  uploadedAt: string;
  files: number;
  bytes: number;
  /** The BatchComplete file was already there: an earlier attempt had finished the upload. */
  alreadyComplete: boolean;
  /** When to look for the acknowledgement first; absent, the delivery setting decides. */
  checkAfterSeconds?: number;
};

/**
 * DDEX choreography file statuses (avs:ErncFileStatus) a platform answers with; FileOK accepts the release.
 * The simulators use these; a real platform may send others, which read as rejections.
 */
export const FILE_STATUSES = [
  'FileOK',
  'ErnMissing',
  'NewReleaseMessageInvalid',
  'ResourceMissing',
  'ResourceCorrupt',
  'InternalError',
] as const;

export type Acknowledgement = {
  messageId: string;
  status: string;
  accepted: boolean;
  /** Why the platform refused the release. */
  errorText?: string;
  createdAt: string;
};

/** One platform's delivery endpoint: SFTP for a real platform, a simulator in this installation. */
export interface PlatformTransport {
  readonly platform: Platform;
  /** 'sftp', 'simulator', …: shown in logs and receipts. */
  readonly kind: string;
  /** Uploads every file of the batch, the BatchComplete file last, and answers only when all of it is there. */
  upload(batch: DeliveryBatch): Promise<Receipt>;
  /** The platform's acknowledgement of an uploaded batch, or null while it has not answered. */
  acknowledgement(receipt: Receipt): Promise<Acknowledgement | null>;
}

/** Batch folder names and file names: letters, digits, dot, dash, underscore; never '.' or '..'. */
export function assertSafeName(name: string, what: string): void {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name === '.' || name === '..')
    throw new Error(`${what} ${JSON.stringify(name)} is not a safe file name`);
}

/** Batch-relative paths made of safe names. */
export function assertSafeRelativePath(relative: string): void {
  relative.split('/').forEach((part) => assertSafeName(part, 'Batch path part'));
}

export const markerPath = (messageId: string) => `BatchComplete_${messageId}.xml`;
export const messagePath = (releaseId: string) => `${releaseId}/${releaseId}.xml`;
/** DDEX choreography: ACK_<message file name without extension>, beside the acknowledged file. */
export const acknowledgementPath = (releaseId: string) => `${releaseId}/ACK_${releaseId}.xml`;

export function markerContent(batch: Pick<DeliveryBatch, 'messageId' | 'message'>, createdAt: Date): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('BatchComplete', {
    BatchId: batch.messageId,
    CreatedDateTime: createdAt.toISOString(),
  });
  root.ele('MessageFile').txt(batch.message.path);
  return root.end({ prettyPrint: true, wellFormed: true });
}

/**
 * An acknowledgement file, modelled on the DDEX choreography's FtpAcknowledgementMessage (AcknowledgedMessageId,
 * FileStatus, ErrorText). The simulators write it; the transports read it.
 */
export function buildAcknowledgement(ack: Acknowledgement & { releaseId: string; sender: string }): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('FtpAcknowledgementMessage', {
    MessageVersionId: 'tunehouse-simulator/1',
  });
  const header = root.ele('MessageHeader');
  header.ele('MessageId').txt(`ACK-${ack.messageId}`);
  header.ele('MessageSender').ele('PartyName').ele('FullName').txt(ack.sender);
  header.ele('MessageCreatedDateTime').txt(ack.createdAt);
  root.ele('AcknowledgedMessageId').txt(ack.messageId);
  root.ele('AcknowledgedFile').ele('ReleaseId').txt(ack.releaseId);
  root.ele('FileStatus').txt(ack.status);
  if (ack.errorText) root.ele('ErrorText').txt(ack.errorText);
  return root.end({ prettyPrint: true, wellFormed: true });
}

export function parseAcknowledgement(xml: string): Acknowledgement {
  const doc = parseXml(xml);
  const text = (tag: string) => textsOf(doc, tag)[0]?.trim() || undefined;
  const messageId = text('AcknowledgedMessageId');
  const status = text('FileStatus');
  if (doc.documentElement?.tagName !== 'FtpAcknowledgementMessage' || !messageId || !status)
    throw new Error(
      'Not an acknowledgement: FtpAcknowledgementMessage with AcknowledgedMessageId and FileStatus',
    );
  const errorText = text('ErrorText');
  return {
    messageId,
    status,
    accepted: status === 'FileOK',
    ...(errorText ? { errorText } : {}),
    createdAt: text('MessageCreatedDateTime') ?? new Date().toISOString(),
  };
}
