import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { PageLoadError, ShellProvider } from '@tunehouse/area-kit';
import { createFakeShellContext } from './fake-shell-context.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function show(error: unknown) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const { shell, record } = createFakeShellContext();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <ShellProvider value={shell}>
        <PageLoadError error={error} />
      </ShellProvider>,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { container, record };
}

describe('PageLoadError', () => {
  it('shows a 403 as 403 and reports page:error with the server message', async () => {
    const { container, record } = await show({ status: 403, message: 'Not your release' });
    expect(container.querySelector('h1')?.textContent).toBe('An unexpected error has occurred');
    expect(container.textContent).toContain('status: 403 | detail: Not your release');
    expect(record.events).toEqual([
      { name: 'page:error', properties: { status: 403, detail: 'Not your release' } },
    ]);
  });

  it('shows other client errors as 404 and anything else as 500 without its message', async () => {
    expect((await show({ status: 409, message: 'Conflict' })).container.textContent).toContain('status: 404');
    cleanup?.();
    const { container } = await show(new TypeError('x is undefined at foo.js:1'));
    expect(container.querySelector('h1')?.textContent).toBe('Something is broken');
    expect(container.textContent).not.toContain('foo.js');
  });
});
