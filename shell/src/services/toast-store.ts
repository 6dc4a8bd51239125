import type { ToastLevel, ToastPort } from '@tunehouse/shell-contract';
import { createStore } from './store.js';

export interface Toast {
  id: string;
  message: string;
  level: ToastLevel;
}

/** A toast dismisses itself after 3500 ms times its position in the stack. */
export const TOAST_DISMISS_MS = 3500;

export function createToasts(): ToastPort & { store: ReturnType<typeof createStore<Toast[]>> } {
  const store = createStore<Toast[]>([]);
  let counter = 0;
  const dismiss = (id: string) => store.set((toasts) => toasts.filter((toast) => toast.id !== id));
  return {
    store,
    dismiss,
    push: (message, level = 'INFO') => {
      counter += 1;
      const id = `toast-${counter}`;
      store.set((toasts) => [...toasts, { id, message, level }]);
      const position = store.get().length;
      setTimeout(() => dismiss(id), TOAST_DISMISS_MS * position);
      return id;
    },
  };
}
