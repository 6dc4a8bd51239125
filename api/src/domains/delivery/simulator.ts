import fs from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_NAMES, type Platform } from '@tunehouse/contracts';
import { acknowledgeBatch } from './platform-inbox.js';
import type { ErnSchemaSource } from './schema/locate.js';
import {
  type Acknowledgement,
  acknowledgementPath,
  assertSafeName,
  assertSafeRelativePath,
  type DeliveryBatch,
  parseAcknowledgement,
  type PlatformTransport,
  type Receipt,
} from './transport.js';

export type PlatformSimulatorOptions = {
  /** The platform's inbox: batches land in <root>/<messageId>/ (by default <DATA_DIR>/deliveries/<platform>). */
  root: string;
  /** The ERN 4.3 schema the simulator checks every message against. */
  schema: ErnSchemaSource;
  /** The acknowledgement appears this long after the batch is complete. */
  ackDelaySeconds: number;
  now?: () => Date;
};

/**
 * A platform played by this installation: batches are written to a folder on this machine, the BatchComplete file
 * last, and after `ackDelaySeconds` the platform "processes" a complete batch — accepts it (FileOK) when the
 * message passes the ERN 4.3 schema and every provided file matches its MD5 sum, refuses it with the reason
 * otherwise — and leaves its acknowledgement beside the message. Processing happens when the acknowledgement is
 * first asked for after the delay, so a restart loses nothing.
 */
export class PlatformSimulator implements PlatformTransport {
  readonly kind = 'simulator';
  private readonly now: () => Date;

  constructor(
    readonly platform: Platform,
    private readonly options: PlatformSimulatorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async upload(batch: DeliveryBatch): Promise<Receipt> {
    assertSafeName(batch.messageId, 'Message id');
    const dir = path.join(this.options.root, batch.messageId);
    const marker = path.join(dir, batch.marker.path);
    const receipt = (alreadyComplete: boolean): Receipt => ({
      platform: this.platform,
      messageId: batch.messageId,
      releaseId: batch.releaseId,
      location: dir,
      uploadedAt: this.now().toISOString(),
      files: batch.resources.length + 2,
      bytes:
        batch.resources.reduce((sum, file) => sum + file.size, 0) +
        Buffer.byteLength(batch.message.xml) +
        Buffer.byteLength(batch.marker.content),
      alreadyComplete,
      checkAfterSeconds: this.options.ackDelaySeconds,
    });
    if (await exists(marker)) return receipt(true);
    for (const file of batch.resources) {
      assertSafeRelativePath(file.path);
      const target = path.join(dir, file.path);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(file.source, target);
    }
    assertSafeRelativePath(batch.message.path);
    const messageFile = path.join(dir, batch.message.path);
    await fs.mkdir(path.dirname(messageFile), { recursive: true });
    await fs.writeFile(messageFile, batch.message.xml);
    // Last, and atomically: the platform reads a batch only once this file is there.
    await fs.writeFile(`${marker}.tmp`, batch.marker.content);
    await fs.rename(`${marker}.tmp`, marker);
    return receipt(false);
  }

  async acknowledgement(receipt: Receipt): Promise<Acknowledgement | null> {
    assertSafeName(receipt.messageId, 'Message id');
    const dir = path.join(this.options.root, receipt.messageId);
    const ackFile = path.join(dir, acknowledgementPath(receipt.releaseId));
    const written = await fs.readFile(ackFile, 'utf8').catch(() => null);
    if (written !== null) return parseAcknowledgement(written);
    const marker = await fs.stat(path.join(dir, `BatchComplete_${receipt.messageId}.xml`)).catch(() => null);
    // An incomplete batch is never processed: the platform waits for its BatchComplete file.
    if (!marker) return null;
    // mtimeMs carries fractions of a millisecond that Date.now() drops: floor it, or a batch checked within the
    // millisecond it completed would look written in the future.
    if (this.now().getTime() - Math.floor(marker.mtimeMs) < this.options.ackDelaySeconds * 1000) return null;
    return acknowledgeBatch(dir, {
      schema: this.options.schema,
      platformName: PLATFORM_NAMES[this.platform],
      now: this.now(),
    });
  }
}

async function exists(file: string) {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
