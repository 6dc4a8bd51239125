import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { posix } from 'node:path';
import type { Platform } from '@tunehouse/contracts';
import SftpClient from 'ssh2-sftp-client';
import type { SftpCredentials } from '../../platform/config.js';
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

/** A host key as OpenSSH prints its fingerprint: SHA256:<base64 without padding>. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Delivery to a platform's SFTP server: the batch folder `<path>/<messageId>/` with the resources, the message
 * and the BatchComplete file last (transport.ts shows the layout). The server must show the host key configured
 * for it; any other is refused before a password or key is sent. One connection per upload or acknowledgement
 * check, closed afterwards.
 */
export class SftpTransport implements PlatformTransport {
  readonly kind = 'sftp';

  constructor(
    readonly platform: Platform,
    private readonly credentials: SftpCredentials,
    private readonly options: { readyTimeoutMs?: number } = {},
  ) {}

  private get location() {
    const { host, port, path } = this.credentials;
    return `sftp://${host}:${port}${path}`;
  }

  private async connect(): Promise<SftpClient> {
    const { host, port, username, password, privateKeyFile, hostKeySha256 } = this.credentials;
    const client = new SftpClient(`tunehouse-delivery-${this.platform}`);
    await client.connect({
      host,
      port,
      username,
      ...(password ? { password } : {}),
      ...(privateKeyFile ? { privateKey: await fs.readFile(privateKeyFile) } : {}),
      hostVerifier: (key: Buffer) => hostKeyFingerprint(key) === hostKeySha256,
      readyTimeout: this.options.readyTimeoutMs ?? 20_000,
    });
    return client;
  }

  private async session<T>(work: (client: SftpClient) => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async upload(batch: DeliveryBatch): Promise<Receipt> {
    assertSafeName(batch.messageId, 'Message id');
    [...batch.resources.map((file) => file.path), batch.message.path, batch.marker.path].forEach(
      assertSafeRelativePath,
    );
    const base = posix.join(this.credentials.path, batch.messageId);
    const remote = (relative: string) => posix.join(base, relative);
    return this.session(async (client) => {
      const receipt = (alreadyComplete: boolean): Receipt => ({
        platform: this.platform,
        messageId: batch.messageId,
        releaseId: batch.releaseId,
        location: `${this.location.replace(/\/$/, '')}/${batch.messageId}`,
        uploadedAt: new Date().toISOString(),
        files: batch.resources.length + 2,
        bytes:
          batch.resources.reduce((sum, file) => sum + file.size, 0) +
          Buffer.byteLength(batch.message.xml) +
          Buffer.byteLength(batch.marker.content),
        alreadyComplete,
      });
      // An earlier attempt finished (its receipt was lost): the platform has the batch, send nothing again.
      if (await client.exists(remote(batch.marker.path))) return receipt(true);
      const folders = new Set(
        [...batch.resources.map((file) => file.path), batch.message.path].map((file) =>
          posix.dirname(remote(file)),
        ),
      );
      for (const folder of folders) await client.mkdir(folder, true);
      for (const file of batch.resources) await client.put(file.source, remote(file.path));
      await client.put(Buffer.from(batch.message.xml, 'utf8'), remote(batch.message.path));
      await client.put(Buffer.from(batch.marker.content, 'utf8'), remote(batch.marker.path));
      return receipt(false);
    });
  }

  async acknowledgement(receipt: Receipt): Promise<Acknowledgement | null> {
    assertSafeName(receipt.messageId, 'Message id');
    const base = posix.join(this.credentials.path, receipt.messageId);
    const file = posix.join(base, acknowledgementPath(receipt.releaseId));
    return this.session(async (client) => {
      if (!(await client.exists(file))) return null;
      const content = await client.get(file);
      return parseAcknowledgement(Buffer.isBuffer(content) ? content.toString('utf8') : String(content));
    });
  }
}
