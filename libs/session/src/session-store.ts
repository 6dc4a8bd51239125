import type { Logger } from '@tunehouse/api-client';
import { type Session, sessionSchema, type User } from '@tunehouse/contracts';
import { SESSION_WARNINGS } from './errors.js';
import type { SessionStorage } from './storage.js';

/** Whether two user ids name the same user (ids may come as numbers or strings). */
export const sameId = (a: string | number | undefined, b: string | number | undefined) =>
  a !== undefined && b !== undefined && String(a) === String(b);

/**
 * The session held in memory, kept in page storage and told to listeners: every change goes through `set`, which
 * saves it, calls each listener (one failing does not stop the others) and reports a change of user.
 */
export interface SessionStore {
  current(): Session | null;
  set(next: Session | null): void;
  /** The session page storage holds now (another tab may have saved a newer one), or null. */
  readStored(): Session | null;
  persist(session: Session | null): void;
  subscribe(listener: (session: Session | null) => void): () => void;
  /** Takes a restored session without telling listeners (nobody listens yet at start). */
  restore(session: Session): void;
}

export function createSessionStore({
  storage,
  logger,
  onUserChange,
}: {
  storage: SessionStorage;
  logger: Logger;
  onUserChange?: ((user: User | null, previous: User | null) => void) | undefined;
}): SessionStore {
  const listeners = new Set<(session: Session | null) => void>();
  let state: Session | null = null;

  function persist(session: Session | null) {
    try {
      storage.save(session === null ? null : JSON.stringify(session));
    } catch (error) {
      logger.warn(SESSION_WARNINGS.persist, error);
    }
  }

  function readStored(): Session | null {
    let raw: string | null;
    try {
      raw = storage.load();
    } catch (error) {
      logger.warn(SESSION_WARNINGS.restore, error);
      return null;
    }
    if (raw === null) return null;
    try {
      const session = sessionSchema.parse(JSON.parse(raw));
      // What the schema does not know any more goes, such as the refresh token an older shell kept here: it lives
      // in the API's HttpOnly cookie now (decision 0054), out of page scripts' reach.
      if (raw.includes('"refreshToken"')) persist(session);
      return session;
    } catch (error) {
      logger.warn(SESSION_WARNINGS.restore, error);
      persist(null);
      return null;
    }
  }

  function set(next: Session | null) {
    const previous = state;
    state = next;
    persist(next);
    for (const listener of [...listeners]) {
      try {
        listener(next);
      } catch (error) {
        logger.error('session listener failed', error);
      }
    }
    if (!sameId(previous?.user.id, next?.user.id) && (previous || next))
      onUserChange?.(next?.user ?? null, previous?.user ?? null);
  }

  return {
    current: () => state,
    set,
    readStored,
    persist,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    restore(session) {
      state = session;
      onUserChange?.(session.user, null);
    },
  };
}
