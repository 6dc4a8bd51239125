import { type RefObject, useEffect, useRef } from 'react';

/** The product spec's "Prefetch margin: 200px": an element this close to the viewport counts as about to be seen. */
export const NEAR_VIEWPORT_MARGIN_PX = 200;

/** Runs `run` when the caller is ready to start watching (at once, or later, as the shell's prefetch wants). */
export type WhenReady = (run: () => void) => void;

const atOnce: WhenReady = (run) => run();

export interface NearViewportOptions {
  /** How close counts as near, in CSS pixels on every side; {@link NEAR_VIEWPORT_MARGIN_PX} by default. */
  marginPx?: number;
  /** When watching starts; at once by default. */
  whenReady?: WhenReady;
  /**
   * Without IntersectionObserver (jsdom, a very old browser): `'at-once'` calls `onNear` straight away, for
   * something that must be drawn anyway; `'never'` leaves it uncalled, for something optional such as a prefetch.
   */
  withoutObserver?: 'at-once' | 'never';
}

/**
 * Calls `onNear` once, the first time the element is within `marginPx` of the viewport (on any side) after
 * `whenReady` let watching start, then stops watching it.
 */
export function useNearViewport<E extends Element>(
  onNear: () => void,
  {
    marginPx = NEAR_VIEWPORT_MARGIN_PX,
    whenReady = atOnce,
    withoutObserver = 'never',
  }: NearViewportOptions = {},
): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      if (withoutObserver === 'at-once') latest.current();
      return;
    }
    let observer: IntersectionObserver | undefined;
    let gone = false;
    whenReady(() => {
      if (gone) return;
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          latest.current();
        },
        { rootMargin: `${marginPx}px` },
      );
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
    };
  }, [marginPx, whenReady, withoutObserver]);
  return ref;
}
