/** Where 'Back to admin' returns to, kept in local storage under the admin return-to key. */
export const ADMIN_RETURN_TO_KEY = 'tunehouse:admin-return-to';
/**
 * The admin's own session while they view the product as a user. Our own addition: 'Back to admin' brings the
 * admin back signed in instead of at a login (docs/decisions/0018-shell-session-and-guards.md).
 */
export const ADMIN_SESSION_KEY = 'tunehouse:admin-session';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads and clears a key in one go; storage that throws (private mode, quota) counts as empty. */
export function takeItem(store: KeyValueStore, key: string): string | null {
  try {
    const value = store.getItem(key);
    store.removeItem(key);
    return value;
  } catch {
    return null;
  }
}
