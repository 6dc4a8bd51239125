import path from 'node:path';
import { PLATFORMS, type Platform } from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import { defaultErnSchemaLocator } from './schema/default-locator.js';
import type { ErnSchemaSource } from './schema/locate.js';
import { SftpTransport } from './sftp-transport.js';
import { PlatformSimulator } from './simulator.js';
import type { PlatformTransport } from './transport.js';

export type PlatformTransports = Readonly<Record<Platform, PlatformTransport>>;

/**
 * One transport per platform: SFTP where DELIVERY_SFTP_<PLATFORM> is set, otherwise the built-in simulator writing
 * to <DATA_DIR>/deliveries/<platform>/ (none is configured by default, so this installation simulates all 23).
 * The simulators share one ERN schema lookup (by default DDEX_SCHEMA_DIR, the copy beside the repository, DDEX's
 * copy kept in the data folder); `warn` hears when there is none (by default a process warning on stderr).
 */
export function createPlatformTransports(
  config: Pick<AppConfig, 'dataDir' | 'delivery'>,
  {
    warn = (message: string) => process.emitWarning(message, 'DdexSchemaWarning'),
    schema = defaultErnSchemaLocator(config, warn),
  }: { warn?: (message: string) => void; schema?: ErnSchemaSource } = {},
): PlatformTransports {
  return Object.fromEntries(
    PLATFORMS.map((platform): [Platform, PlatformTransport] => {
      const sftp = config.delivery.platforms[platform]?.sftp;
      return [
        platform,
        sftp
          ? new SftpTransport(platform, sftp)
          : new PlatformSimulator(platform, {
              root: path.join(
                config.delivery.simulatorDir ?? path.join(config.dataDir, 'deliveries'),
                platform.toLowerCase(),
              ),
              schema,
              ackDelaySeconds: config.delivery.simulatorAckSeconds,
            }),
      ];
    }),
  ) as Record<Platform, PlatformTransport>;
}
