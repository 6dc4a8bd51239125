import type { AnalyticsEvent } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

export async function insertEvent(
  q: Queryable,
  event: AnalyticsEvent & { userId: string | null; sessionId: string | null; userAgent: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO analytics_events (name, user_id, session_id, properties, path, user_agent, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now()))`,
    [
      event.name,
      event.userId,
      event.sessionId,
      JSON.stringify(event.properties ?? {}),
      event.path ?? null,
      event.userAgent,
      event.occurredAt ?? null,
    ],
  );
}
