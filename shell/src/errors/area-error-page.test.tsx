import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { AREA_FAILURE_STATUS, type AreaFailure, type AreaFailureKind } from '../services/area-failures.js';
import { AreaErrorPage } from './area-error-page.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const failureOf = (kind: AreaFailureKind, more: Partial<AreaFailure> = {}): AreaFailure => ({
  kind,
  status: AREA_FAILURE_STATUS[kind],
  detail: `area 'analytics' ${kind}`,
  retrying: false,
  failedRetries: 0,
  ...more,
});

async function show(failure: AreaFailure) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const events: { name: string; properties: Record<string, unknown> }[] = [];
  const titles: string[] = [];
  let retries = 0;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <AreaErrorPage
        failure={failure}
        onRetry={() => (retries += 1)}
        supportEmail="support@tunehouse.test"
        analytics={{
          identify: () => undefined,
          track: (name, properties = {}) => events.push({ name, properties }),
        }}
        setTitle={(title) => titles.push(title)}
      />,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  return { container, events, titles, retries: () => retries, button };
}

describe('AreaErrorPage', () => {
  it('tells the three kinds apart by title, status and message', async () => {
    const seen = new Map<string, string>();
    for (const kind of ['unreachable', 'refused', 'crashed'] as const) {
      const { container, titles } = await show(failureOf(kind));
      const title = container.querySelector('h1')?.textContent ?? '';
      seen.set(kind, title);
      expect(titles).toEqual([title]);
      expect(container.textContent).toContain(
        `status: ${AREA_FAILURE_STATUS[kind]} | detail: area 'analytics' ${kind}`,
      );
      cleanup?.();
    }
    expect(Object.fromEntries(seen)).toEqual({
      unreachable: 'This page could not be reached',
      refused: 'This page needs an update',
      crashed: 'This page stopped working',
    });
  });

  it('reports page:error with the kind, and offers "Try again" beside the way back', async () => {
    const { events, button, retries } = await show(failureOf('unreachable'));
    expect(events).toEqual([
      {
        name: 'page:error',
        properties: { status: 503, detail: "area 'analytics' unreachable", kind: 'unreachable' },
      },
    ]);
    expect(button('Take me back')).toBeDefined();
    expect(button('Try again')?.parentElement).toBe(button('Take me back')?.parentElement);
    await act(async () => button('Try again')?.click());
    expect(retries()).toBe(1);
  });

  it('says when it is trying again, and when earlier tries did not help', async () => {
    expect((await show(failureOf('unreachable', { retrying: true }))).container.textContent).toContain(
      'Trying again…',
    );
    cleanup?.();
    expect((await show(failureOf('unreachable', { failedRetries: 2 }))).container.textContent).toContain(
      'Tried again 2 times, without luck so far.',
    );
  });
});
