import type { Db } from '../../platform/db.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import type { InviteMailSettings } from './invite-mails.js';

/** What each splits use case is given: the database, the mail outbox and the invite-mail settings. */
export type SplitsDeps = { db: Db; mailer: Mailer; config: InviteMailSettings };
