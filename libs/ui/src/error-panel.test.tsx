import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { screen } from '@testing-library/dom';
import { ErrorPanel } from './error-panel.js';

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

function render(node: ReactNode) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(node));
}

describe('ErrorPanel', () => {
  it('offers only its way back when given no further actions', () => {
    const onBack = vi.fn();
    render(<ErrorPanel status={404} supportEmail="support@tunehouse.test" onBack={onBack} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Take me back']);
    act(() => screen.getByRole('button', { name: 'Take me back' }).click());
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('shows further actions beside the way back, after it and inside the alert', () => {
    const onRetry = vi.fn();
    render(
      <ErrorPanel
        status={503}
        supportEmail="support@tunehouse.test"
        onBack={() => undefined}
        actions={<button onClick={onRetry}>Try again</button>}
      />,
    );
    const back = screen.getByRole('button', { name: 'Take me back' });
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.parentElement).toBe(back.parentElement);
    expect(back.nextElementSibling).toBe(retry);
    expect(screen.getByRole('alert').contains(retry)).toBe(true);
    act(() => retry.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
