import type { WebhookEventData, WebhookEventType } from '@tunehouse/contracts';
import type { Queryable } from './db.js';

/**
 * The port through which a domain records a webhook event (docs/decisions/0088-webhooks.md): called inside the
 * transaction of the change that caused it, so the event exists if and only if the change committed. The webhooks
 * domain implements it; the wiring (api/src/wiring/, composition.ts) hands it to the domains, none of which imports
 * the webhooks domain.
 */
export type EmitEvent = <T extends WebhookEventType>(
  tx: Queryable,
  accountId: string,
  type: T,
  data: WebhookEventData<T>,
) => Promise<void>;

/** For callers that record no events (the demo seed, some tests). */
export const emitNothing: EmitEvent = async () => {};

/**
 * The port for an event that many accounts get at once from one change (a platform report's load): the emitter
 * first finds the accounts with an enabled endpoint that chose `type`, asks `eventsFor` for their events (none is
 * asked when no account chose the type, so a change nobody listens to costs one small query) and records them all
 * with one INSERT … SELECT each for the events and their deliveries, in the caller's transaction.
 */
export type EmitEvents = <T extends WebhookEventType>(
  tx: Queryable,
  type: T,
  eventsFor: (
    subscribers: readonly string[],
  ) => Promise<ReadonlyArray<{ accountId: string; data: WebhookEventData<T> }>>,
) => Promise<void>;
