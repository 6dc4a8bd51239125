import { timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path, { posix } from 'node:path';
import { PLATFORM_NAMES, type Platform } from '@tunehouse/contracts';
import ssh2, { type Attributes, type ParsedKey, type SFTPWrapper } from 'ssh2';
import type { SftpCredentials } from '../../platform/config.js';
import { acknowledgeBatch } from './platform-inbox.js';
import type { ErnSchemaSource } from './schema/locate.js';
import { hostKeyFingerprint } from './sftp-transport.js';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export type PlatformSimulatorSftpServerOptions = {
  platform: Platform;
  /** The folder the server's "/" is. */
  root: string;
  /** The ERN 4.3 schema the platform checks every message against. */
  schema: ErnSchemaSource;
  /** After a BatchComplete file is closed, the platform acknowledges the batch this much later. */
  ackDelaySeconds: number;
  username: string;
  /** The client's public key (OpenSSH format) and/or a password; at least one. */
  authorizedKey?: string;
  password?: string;
  /** The server's private host key (generated when absent). */
  hostKey?: string;
};

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * An Ed25519 key pair in OpenSSH format that ssh2 can read back. ssh2's generator drops a leading zero byte of the
 * public key (about 1 key in 250 then has 31 bytes and is "malformed" to its own parser), so a pair is made again
 * until both halves parse.
 */
export function generateEd25519KeyPair(): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error))
      return pair;
  }
}

function parsed(key: string): ParsedKey {
  const result = utils.parseKey(key);
  if (result instanceof Error) throw result;
  return Array.isArray(result) ? (result[0] as ParsedKey) : result;
}

/**
 * A platform's SFTP delivery server, in this process: ssh2's Server with an SFTP subsystem over a local folder
 * (just the requests an upload, a listing and a download make), and the platform's processing: when a
 * BatchComplete file has been written, the batch is judged `ackDelaySeconds` later and its acknowledgement
 * written beside the message (platform-inbox.ts). Emits 'file' (server path) as each written file is closed and
 * 'acknowledged' (batch folder) after each acknowledgement. Tests start one per platform they deliver to.
 */
export class PlatformSimulatorSftpServer extends EventEmitter {
  private readonly server: InstanceType<typeof Server>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Set<Promise<unknown>>();
  readonly hostKeySha256: string;
  port = 0;

  private constructor(private readonly options: PlatformSimulatorSftpServerOptions) {
    super();
    const hostKey = options.hostKey ?? generateEd25519KeyPair().private;
    this.hostKeySha256 = hostKeyFingerprint(parsed(hostKey).getPublicSSH());
    const authorized = options.authorizedKey ? parsed(options.authorizedKey) : undefined;
    this.server = new Server({ hostKeys: [hostKey] }, (client) => {
      client.on('error', () => undefined);
      client.on('authentication', (ctx) => {
        if (ctx.username !== options.username) return ctx.reject();
        if (ctx.method === 'password' && options.password) {
          const given = Buffer.from(ctx.password);
          return equal(given, Buffer.from(options.password)) ? ctx.accept() : ctx.reject();
        }
        if (ctx.method === 'publickey' && authorized) {
          const known = ctx.key.algo === authorized.type && equal(ctx.key.data, authorized.getPublicSSH());
          const signed =
            !ctx.signature ||
            authorized.verify(ctx.blob ?? Buffer.alloc(0), ctx.signature, ctx.hashAlgo) === true;
          return known && signed ? ctx.accept() : ctx.reject();
        }
        ctx.reject(['publickey', 'password']);
      });
      client.on('ready', () => {
        client.on('session', (acceptSession) => {
          acceptSession().on('sftp', (acceptSftp) => this.serve(acceptSftp()));
        });
      });
    });
  }

  static async start(options: PlatformSimulatorSftpServerOptions): Promise<PlatformSimulatorSftpServer> {
    if (!options.authorizedKey && !options.password)
      throw new Error('Give the simulator a key or a password');
    fs.mkdirSync(options.root, { recursive: true });
    const simulator = new PlatformSimulatorSftpServer(options);
    await new Promise<void>((resolve, reject) => {
      simulator.server.once('error', reject);
      simulator.server.listen(0, '127.0.0.1', () => resolve());
    });
    simulator.port = (simulator.server.address() as AddressInfo).port;
    return simulator;
  }

  /** Delivery settings for this server, batches going into `remotePath`. */
  credentials(
    remotePath = '/incoming',
    auth: { password?: string; privateKeyFile?: string } = {},
  ): SftpCredentials {
    return {
      host: '127.0.0.1',
      port: this.port,
      username: this.options.username,
      password: auth.password,
      privateKeyFile: auth.privateKeyFile,
      hostKeySha256: this.hostKeySha256,
      path: remotePath,
    };
  }

  /** Where a server path lies on this machine ('..' cannot climb above the root). */
  local(serverPath: string): string {
    return path.join(this.options.root, posix.normalize(`/${serverPath}`));
  }

  /** Waits for acknowledgements under way, then stops listening. */
  async close(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    await Promise.allSettled([...this.pending]);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private batchCompleted(markerFile: string) {
    const batchDir = path.dirname(markerFile);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const work = acknowledgeBatch(batchDir, {
        schema: this.options.schema,
        platformName: PLATFORM_NAMES[this.options.platform],
      })
        .then((ack) => this.emit('acknowledged', batchDir, ack))
        .catch((error: unknown) => this.emit('error', error))
        .finally(() => this.pending.delete(work));
      this.pending.add(work);
    }, this.options.ackDelaySeconds * 1000);
    this.timers.add(timer);
  }

  private serve(sftp: SFTPWrapper) {
    type Open =
      { fd: number; file: string; writing: boolean } | { entries: string[]; dir: string; sent: boolean };
    const handles = new Map<number, Open>();
    let next = 0;
    const handleOf = (buffer: Buffer) =>
      buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined;
    const newHandle = (open: Open) => {
      const id = next++;
      handles.set(id, open);
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(id, 0);
      return buffer;
    };
    const fail = (reqId: number, error: NodeJS.ErrnoException) =>
      sftp.status(
        reqId,
        error.code === 'ENOENT'
          ? STATUS_CODE.NO_SUCH_FILE
          : error.code === 'EACCES'
            ? STATUS_CODE.PERMISSION_DENIED
            : STATUS_CODE.FAILURE,
        error.message,
      );
    const attrs = (stats: fs.Stats): Attributes => ({
      mode: stats.mode,
      uid: stats.uid,
      gid: stats.gid,
      size: stats.size,
      atime: Math.floor(stats.atimeMs / 1000),
      mtime: Math.floor(stats.mtimeMs / 1000),
    });
    const stat = (reqId: number, serverPath: string) =>
      fs.stat(this.local(serverPath), (error, stats) =>
        error ? fail(reqId, error) : sftp.attrs(reqId, attrs(stats)),
      );

    sftp
      .on('OPEN', (reqId, filename, flags) => {
        const mode = utils.sftp.flagsToString(flags);
        if (!mode) return sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED);
        const file = this.local(filename);
        fs.open(file, mode, (error, fd) => {
          if (error) return fail(reqId, error);
          sftp.handle(reqId, newHandle({ fd, file, writing: mode !== 'r' }));
        });
      })
      .on('WRITE', (reqId, handle, offset, data) => {
        const open = handleOf(handle);
        if (!open || !('fd' in open)) return sftp.status(reqId, STATUS_CODE.FAILURE);
        fs.write(open.fd, data, 0, data.length, offset, (error) =>
          error ? fail(reqId, error) : sftp.status(reqId, STATUS_CODE.OK),
        );
      })
      .on('READ', (reqId, handle, offset, length) => {
        const open = handleOf(handle);
        if (!open || !('fd' in open)) return sftp.status(reqId, STATUS_CODE.FAILURE);
        const buffer = Buffer.alloc(length);
        fs.read(open.fd, buffer, 0, length, offset, (error, bytes) => {
          if (error) return fail(reqId, error);
          if (bytes === 0) return sftp.status(reqId, STATUS_CODE.EOF);
          sftp.data(reqId, buffer.subarray(0, bytes));
        });
      })
      .on('FSTAT', (reqId, handle) => {
        const open = handleOf(handle);
        if (!open || !('fd' in open)) return sftp.status(reqId, STATUS_CODE.FAILURE);
        fs.fstat(open.fd, (error, stats) => (error ? fail(reqId, error) : sftp.attrs(reqId, attrs(stats))));
      })
      .on('CLOSE', (reqId, handle) => {
        const open = handleOf(handle);
        if (!open) return sftp.status(reqId, STATUS_CODE.FAILURE);
        handles.delete(handle.readUInt32BE(0));
        if (!('fd' in open)) return sftp.status(reqId, STATUS_CODE.OK);
        fs.close(open.fd, (error) => {
          if (error) return fail(reqId, error);
          if (open.writing) {
            this.emit('file', `/${path.relative(this.options.root, open.file).split(path.sep).join('/')}`);
            if (/^BatchComplete_.+\.xml$/.test(path.basename(open.file))) this.batchCompleted(open.file);
          }
          sftp.status(reqId, STATUS_CODE.OK);
        });
      })
      .on('STAT', stat)
      .on('LSTAT', stat)
      .on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK))
      .on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK))
      .on('MKDIR', (reqId, dir) =>
        fs.mkdir(this.local(dir), (error) =>
          error ? fail(reqId, error) : sftp.status(reqId, STATUS_CODE.OK),
        ),
      )
      .on('RMDIR', (reqId, dir) =>
        fs.rmdir(this.local(dir), (error) =>
          error ? fail(reqId, error) : sftp.status(reqId, STATUS_CODE.OK),
        ),
      )
      .on('REMOVE', (reqId, file) =>
        fs.unlink(this.local(file), (error) =>
          error ? fail(reqId, error) : sftp.status(reqId, STATUS_CODE.OK),
        ),
      )
      .on('RENAME', (reqId, from, to) =>
        fs.rename(this.local(from), this.local(to), (error) =>
          error ? fail(reqId, error) : sftp.status(reqId, STATUS_CODE.OK),
        ),
      )
      .on('REALPATH', (reqId, requested) => {
        const normalized = posix.normalize(`/${requested}`);
        sftp.name(reqId, [{ filename: normalized, longname: normalized, attrs: {} as Attributes }]);
      })
      .on('OPENDIR', (reqId, dir) => {
        const local = this.local(dir);
        fs.readdir(local, (error, entries) =>
          error ? fail(reqId, error) : sftp.handle(reqId, newHandle({ entries, dir: local, sent: false })),
        );
      })
      .on('READDIR', (reqId, handle) => {
        const open = handleOf(handle);
        if (!open || 'fd' in open) return sftp.status(reqId, STATUS_CODE.FAILURE);
        if (open.sent) return sftp.status(reqId, STATUS_CODE.EOF);
        open.sent = true;
        sftp.name(
          reqId,
          open.entries.map((name) => {
            const stats = fs.statSync(path.join(open.dir, name));
            return {
              filename: name,
              longname: `${stats.isDirectory() ? 'd' : '-'}rw-r--r-- 1 sim sim ${stats.size} ${name}`,
              attrs: attrs(stats),
            };
          }),
        );
      });
  }
}
