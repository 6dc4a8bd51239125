import type { Db } from '../../platform/db.js';
import { type DeliveryCount, deliveryCounts } from '../delivery/index.js';
import { paymentCounts } from '../payments/index.js';
import { payoutCounts } from '../payouts/index.js';
import { type QueueCounts, queueCounts } from './job-queues.js';
import type { LastBackupPort } from './last-backup.js';

/** Where the scrape-time gauges read their values (metrics.ts). */
export type ScrapeSources = {
  pool: Pick<Db, 'totalCount' | 'idleCount' | 'waitingCount'>;
  queues: () => Promise<QueueCounts[]>;
  deliveries: () => Promise<DeliveryCount[]>;
  payouts: () => Promise<{ status: string; count: number }[]>;
  payments: () => Promise<{ status: string; count: number }[]>;
  lastBackup: LastBackupPort;
  startedAt: Date;
  /** A source that failed: its family is left empty in this scrape. */
  onError: (family: string, error: unknown) => void;
};

/**
 * The sources on the API's database. The four queue families share one query per scrape: its answer is kept for a
 * second, less than any sensible scrape interval.
 */
export function scrapeSourcesOf({
  db,
  lastBackup,
  startedAt,
  onError,
}: {
  db: Db;
  lastBackup: LastBackupPort;
  startedAt: Date;
  onError: ScrapeSources['onError'];
}): ScrapeSources {
  let queues: { at: number; answer: Promise<QueueCounts[]> } | undefined;
  return {
    pool: db,
    queues: () => {
      if (!queues || Date.now() - queues.at > 1000) queues = { at: Date.now(), answer: queueCounts(db) };
      return queues.answer;
    },
    deliveries: () => deliveryCounts(db),
    payouts: () => payoutCounts(db),
    payments: () => paymentCounts(db),
    lastBackup,
    startedAt,
    onError,
  };
}
