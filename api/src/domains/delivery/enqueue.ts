import { randomBytes } from 'node:crypto';
import { DELIVERY_ACTIONS, PLATFORMS, type Platform } from '@tunehouse/contracts';
import { type Queryable, withTransaction } from '../../platform/db.js';
import { DELIVERY_QUEUE, type DeliveryDeps } from './delivery-deps.js';
import { type DeliveryAction, releaseForDeliverySchema, type ReleaseForDeliveryInput } from './model.js';
import { type DeliveryRecord, insertDelivery } from './repository.js';

/** The release or the request cannot be delivered as given (the caller's mistake: answer 4xx). */
export class InvalidDeliveryError extends Error {
  constructor(
    message: string,
    readonly issues: { path: PropertyKey[]; message: string }[] = [],
  ) {
    super(message);
  }
}

/** TH + UTC time to the millisecond + 5 random hex digits: unique, sortable, safe as a folder name. */
export function newMessageId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  return `TH${stamp}${randomBytes(3).toString('hex').slice(0, 5).toUpperCase()}`;
}

/**
 * Queues `action` of the release to each platform. Given `tx`, the deliveries and their jobs are written in that
 * transaction (they exist if and only if it commits). A platform with the same action already under way keeps
 * that delivery (and no second job is queued); it takes the newer release if no attempt has started.
 */
export async function enqueueDelivery(
  { db, jobs }: Pick<DeliveryDeps, 'db' | 'jobs'>,
  {
    release,
    platforms,
    action,
    tx,
  }: {
    release: ReleaseForDeliveryInput;
    platforms: readonly string[];
    action: DeliveryAction;
    tx?: Queryable | undefined;
  },
): Promise<DeliveryRecord[]> {
  const parsed = releaseForDeliverySchema.safeParse(release);
  if (!parsed.success)
    throw new InvalidDeliveryError(
      'The release cannot be delivered',
      parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    );
  if (!(DELIVERY_ACTIONS as readonly string[]).includes(action))
    throw new InvalidDeliveryError(`Unknown delivery action ${action}`);
  const unknown = platforms.filter((platform) => !(PLATFORMS as readonly string[]).includes(platform));
  if (unknown.length > 0) throw new InvalidDeliveryError(`Unknown platforms: ${unknown.join(', ')}`);
  const targets = [...new Set(platforms)] as Platform[];

  const run = async (q: Queryable) => {
    const records: DeliveryRecord[] = [];
    for (const platform of targets) {
      const { record, inserted } = await insertDelivery(q, {
        albumId: parsed.data.albumId,
        platform,
        action,
        messageId: newMessageId(),
        release: parsed.data,
      });
      if (inserted) await jobs.enqueue(DELIVERY_QUEUE, { deliveryId: record.id, step: 'upload' }, q);
      records.push(record);
    }
    return records;
  };
  return tx ? run(tx) : withTransaction(db, run);
}
