/** A tab idle for at least 7 days reloads when the user comes back to it. */
export const IDLE_RELOAD_MS = 7 * 24 * 60 * 60 * 1000;

export interface IdleReloadOptions {
  now?: () => number;
  reload?: () => void;
  idleMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Idle is the time since the tab was last in use: left (hidden or blurred) at one moment, back (visible or focused)
 * at another. Returns the function that stops watching.
 */
export function watchIdleReload(options: IdleReloadOptions = {}): () => void {
  const now = options.now ?? Date.now;
  const reload = options.reload ?? (() => window.location.reload());
  const idleMs = options.idleMs ?? IDLE_RELOAD_MS;
  const target = options.target ?? window;
  const doc = options.doc ?? document;
  let lastActive = now();

  const left = () => {
    lastActive = now();
  };
  const back = () => {
    if (now() - lastActive >= idleMs) reload();
    else lastActive = now();
  };
  const onVisibility = () => (doc.visibilityState === 'hidden' ? left() : back());

  target.addEventListener('focus', back);
  target.addEventListener('blur', left);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', back);
    target.removeEventListener('blur', left);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
