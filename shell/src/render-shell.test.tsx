import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderShell } from './render-shell.js';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => document.body.replaceChildren());

const page = (
  <main>
    <h1>Albums</h1>
    <div id="area-slot" />
  </main>
);

describe('renderShell', () => {
  it('hydrates the markup in place and resolves once React has committed it, not before', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<main><h1>Albums</h1><div id="area-slot"></div></main>';
    document.body.append(container);
    const h1 = container.querySelector('h1');
    const recoverable = vi.fn();
    let committed = false;
    let rendering: Promise<void> | undefined;
    await act(async () => {
      rendering = renderShell(container, page, true, { onRecoverableError: recoverable });
      void rendering.then(() => (committed = true));
      // A transition: nothing is committed in the task that asked for it.
      await Promise.resolve();
      expect(committed).toBe(false);
    });
    await rendering;
    expect(committed).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(h1);
  });

  it('draws the shell afresh when the page holds no prerendered markup', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    let rendering: Promise<void> | undefined;
    await act(async () => {
      rendering = renderShell(container, page, false);
    });
    await rendering;
    expect(container.querySelector('h1')?.textContent).toBe('Albums');
    expect(container.querySelector('#area-slot')).not.toBeNull();
  });
});
