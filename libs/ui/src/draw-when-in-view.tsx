import { type ReactNode, Suspense, useState } from 'react';
import { useNearViewport } from './near-viewport.js';

export interface DrawWhenInViewProps {
  /** What to draw once any of its box is on the screen (a chart; it may be lazy). */
  children: ReactNode;
  /** What holds its place until then, and while lazy children load: the same height, so nothing moves. */
  placeholder: ReactNode;
  className?: string;
}

/**
 * Draws `children` only once any part of its box is in the viewport, and `placeholder` until then. A chart is the
 * longest task of its page's load (160–180 ms with the CPU slowed 4×, for /trends' lines and /wallet's bars);
 * below a phone's first screen it was drawn while the visitor could not see it, and held up their first taps
 * (docs/decisions/0093-charts-in-view-and-compile-hints.md). Without IntersectionObserver it draws at once.
 */
export function DrawWhenInView({ children, placeholder, className }: DrawWhenInViewProps) {
  const [inView, setInView] = useState(false);
  const ref = useNearViewport<HTMLDivElement>(() => setInView(true), {
    marginPx: 0,
    withoutObserver: 'at-once',
  });
  return (
    <div ref={ref} className={className}>
      {inView ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
