/** Where 'Back to admin' returns to, kept in local storage under the admin return-to key. */
export const ADMIN_RETURN_TO_KEY = 'tunehouse:admin-return-to';
/**
 * Where an earlier version kept the admin's whole session while they viewed the product as a user, readable by
 * any page script. Nothing is written there any more: 'Back to admin' takes the admin's session back through
 * their own HttpOnly refresh cookie (docs/decisions/0071-admin-session-stays-in-its-cookie.md), and a copy an
 * older page left behind is removed at start.
 */
export const LEGACY_ADMIN_SESSION_KEY = 'tunehouse:admin-session';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Removes a key; storage that throws (private mode) has nothing to remove. */
export function dropItem(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing stored, nothing to drop.
  }
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
