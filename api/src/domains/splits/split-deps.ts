import type { Db } from '../../platform/db.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import type { InviteMailSettings } from './invite-mails.js';

/**
 * What each splits use case is given: the database, the mail outbox, the invite-mail settings and, where webhooks
 * are wired, the port that records an event (an owner is told when an invite is answered).
 */
export type SplitsDeps = { db: Db; mailer: Mailer; config: InviteMailSettings; emit?: EmitEvent | undefined };
