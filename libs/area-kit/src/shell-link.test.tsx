import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ShellContext } from '@tunehouse/shell-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellProvider } from './shell-react-context.js';
import { ShellLink, isModifiedClick } from './shell-link.js';

/** A shell that records where it was asked to navigate. */
function recordingShell() {
  const visited: string[] = [];
  const shell = { navigate: (to: string) => visited.push(to) } as unknown as ShellContext;
  return { shell, visited };
}

afterEach(cleanup);

describe('ShellLink', () => {
  it('has the shell navigate on a plain click, so the area that owns the address mounts', () => {
    const { shell, visited } = recordingShell();
    render(
      <ShellProvider value={shell}>
        <ShellLink to="/albums/7/splits">Splits</ShellLink>
      </ShellProvider>,
    );
    const link = screen.getByRole('link', { name: 'Splits' });
    expect(link.getAttribute('href')).toBe('/albums/7/splits');
    const allowed = fireEvent.click(link);
    expect(allowed).toBe(false);
    expect(visited).toEqual(['/albums/7/splits']);
  });

  it('leaves a modified or middle click to the browser (new tab, new window)', () => {
    const { shell, visited } = recordingShell();
    render(
      <ShellProvider value={shell}>
        <ShellLink to="/wallet">Wallet</ShellLink>
      </ShellProvider>,
    );
    const link = screen.getByRole('link', { name: 'Wallet' });
    for (const init of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ])
      expect(fireEvent.click(link, init)).toBe(true);
    expect(visited).toEqual([]);
  });

  it('lets its own onClick cancel the navigation', () => {
    const { shell, visited } = recordingShell();
    render(
      <ShellProvider value={shell}>
        <ShellLink to="/wallet" onClick={(event) => event.preventDefault()}>
          Wallet
        </ShellLink>
      </ShellProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Wallet' }));
    expect(visited).toEqual([]);
  });
});

describe('isModifiedClick', () => {
  it('is false only for a plain click of the main button', () => {
    const plain = { metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, button: 0 };
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 2 })).toBe(true);
  });
});
