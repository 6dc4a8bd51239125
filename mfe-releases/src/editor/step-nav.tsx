import { css } from '@emotion/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { isModifiedClick } from '@tunehouse/area-kit';
import { colors, mq, radius } from '@tunehouse/ui';
import type { Problem } from '../shared/problems.js';
import { STEPS, stepPath, type StepId } from '../shared/steps.js';

const navStyle = css`
  margin: 0 0 1.5rem;
  ol {
    position: relative;
    display: flex;
    gap: 0.4rem;
    margin: 0;
    padding: 0 0 0.25rem;
    list-style: none;
    overflow-x: auto;
    counter-reset: step;
  }
  li {
    flex: none;
  }
  a,
  span[aria-disabled] {
    display: inline-flex;
    align-items: center;
    gap: 0.45rem;
    padding: 0.45rem 0.8rem 0.45rem 0.5rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.round};
    background: ${colors.paper};
    color: ${colors.inkSoft};
    font-weight: 600;
    font-size: 0.9rem;
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover {
    border-color: ${colors.inkSoft};
    color: ${colors.ink};
  }
  a:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  a[aria-current='step'] {
    background: ${colors.primary};
    border-color: ${colors.primary};
    color: ${colors.primaryInk};
  }
  span[aria-disabled] {
    color: ${colors.muted};
    background: ${colors.surface};
  }
  ${mq('desktop')} {
    ol {
      flex-wrap: wrap;
      overflow: visible;
    }
  }
`;
const number = css`
  display: inline-grid;
  place-items: center;
  width: 1.45rem;
  height: 1.45rem;
  border-radius: 50%;
  background: ${colors.surface};
  color: ${colors.ink};
  font-size: 0.78rem;
  a[aria-current='step'] & {
    background: ${colors.primaryInk};
    color: ${colors.primary};
  }
`;
const attention = css`
  display: inline-grid;
  place-items: center;
  min-width: 1.2rem;
  height: 1.2rem;
  padding: 0 0.25rem;
  border-radius: ${radius.round};
  background: ${colors.danger};
  color: #fff;
  font-size: 0.72rem;
  a[aria-current='step'] & {
    background: ${colors.primaryInk};
    color: ${colors.danger};
  }
`;

export interface StepNavProps {
  albumId: string | undefined;
  current: StepId | 'review' | null;
  problems?: Problem[] | undefined;
  /** Navigates within the area, asking first when there are unsaved changes. */
  onNavigate: (to: string) => void;
}

/** The editor's steps and the review, each a link; the problems still open on a step are counted on it. */
export function StepNav({ albumId, current, problems, onNavigate }: StepNavProps) {
  const list = useRef<HTMLOListElement>(null);
  // On a phone the list scrolls sideways: the current step is brought to the middle, without moving the page.
  useEffect(() => {
    const center = () => {
      const element = list.current;
      const step = element?.querySelector<HTMLElement>('[aria-current="step"]');
      if (element && step)
        element.scrollLeft = step.offsetLeft - element.clientWidth / 2 + step.offsetWidth / 2;
    };
    center();
    window.addEventListener('resize', center);
    return () => window.removeEventListener('resize', center);
  }, [current]);
  const items = [
    ...STEPS.map((step) => ({ id: step.id as StepId | 'review', label: step.label })),
    { id: 'review' as const, label: 'Review' },
  ];
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    if (to !== window.location.pathname) onNavigate(to);
  };
  return (
    <nav css={navStyle} aria-label="Release steps">
      <ol ref={list}>
        {items.map((item, index) => {
          const open = problems?.filter((problem) => problem.step === item.id).length ?? 0;
          const content = (
            <>
              <span css={number} aria-hidden="true">
                {index + 1}
              </span>
              {item.label}
              {open > 0 && (
                <span css={attention} aria-label={`${open} ${open === 1 ? 'problem' : 'problems'}`}>
                  {open}
                </span>
              )}
            </>
          );
          if (albumId === undefined) {
            return (
              <li key={item.id}>
                {item.id === current ? (
                  <a href="/albums/new" aria-current="step" onClick={(event) => event.preventDefault()}>
                    {content}
                  </a>
                ) : (
                  <span aria-disabled="true" title="Save the details first">
                    {content}
                  </span>
                )}
              </li>
            );
          }
          const to = stepPath(albumId, item.id);
          return (
            <li key={item.id}>
              <a href={to} aria-current={item.id === current ? 'step' : undefined} onClick={follow(to)}>
                {content}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
