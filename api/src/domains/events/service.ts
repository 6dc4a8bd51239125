import type { AnalyticsEvent } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { insertEvent } from './repository.js';

/** Who sent an event, as far as the request tells: the session's user and the browser. */
export type EventSource = { userId: string | null; sessionId: string | null; userAgent: string | null };

/** Analytics events, kept in a local record (no third party sees them). */
export function createEventService({ db }: { db: Db }) {
  return {
    record: (event: AnalyticsEvent, source: EventSource): Promise<void> =>
      insertEvent(db, { ...event, ...source }),
  };
}

export type EventService = ReturnType<typeof createEventService>;
