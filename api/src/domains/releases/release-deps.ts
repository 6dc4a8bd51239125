import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import type { ArtworkStore, AudioStore, ImageStore } from '../media/index.js';
import type { DeliveryPort } from './delivery-port.js';
import type { ReleaseLicensingPort } from './licensing-port.js';

export type ReleaseServiceDeps = {
  db: Db;
  config: Pick<AppConfig, 'releaseMinLeadDays' | 'reviewAutoAccept' | 'barcodeRange' | 'isrcRegistrant'>;
  images: ImageStore;
  artworks: ArtworkStore;
  audio: AudioStore;
  delivery: DeliveryPort;
  licensing: ReleaseLicensingPort;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Records release.taken_down in the takedown's transaction (docs/decisions/0088-webhooks.md); omitted, nowhere. */
  emit?: EmitEvent | undefined;
};

/** What each release use case is given: the service's dependencies, the clock chosen. */
export type ReleaseDeps = Omit<ReleaseServiceDeps, 'now'> & { now: () => Date };
