import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent, screen } from '@testing-library/dom';
import { Avatar, AvatarGroup, initialsBackground, initialsOf, visibleAvatarCount } from './avatar.js';
import { ProgressBar, progressPercent } from './progress-bar.js';

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(node: ReactNode) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(node));
}

const people = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Person ${index + 1}`, src: null }));

describe('visibleAvatarCount: 3 by default, one fewer when exactly 2 would be hidden', () => {
  it('shows everyone up to 3', () => {
    expect([0, 1, 2, 3].map((total) => visibleAvatarCount(total))).toEqual([0, 1, 2, 3]);
  });

  it('shows 3 when 1 or 3 and more would be hidden', () => {
    expect(visibleAvatarCount(4)).toBe(3);
    expect(visibleAvatarCount(6)).toBe(3);
    expect(visibleAvatarCount(40)).toBe(3);
  });

  it('shows one fewer when exactly 2 would be hidden and the counter is enabled', () => {
    expect(visibleAvatarCount(5)).toBe(2);
    expect(visibleAvatarCount(5, 3, true)).toBe(2);
    expect(visibleAvatarCount(5, 3, false)).toBe(3);
  });

  it('applies the same rule to another maximum', () => {
    expect(visibleAvatarCount(6, 4, true)).toBe(3);
    expect(visibleAvatarCount(7, 4, true)).toBe(4);
    expect(visibleAvatarCount(3, 1, true)).toBe(0);
  });
});

describe('AvatarGroup', () => {
  it('counts the hidden ones in a +N bubble', () => {
    render(<AvatarGroup people={people(5)} />);
    expect(screen.getAllByRole('img').map((avatar) => avatar.getAttribute('aria-label'))).toEqual([
      'Person 1',
      'Person 2',
    ]);
    expect(screen.getByLabelText('and 3 more').textContent).toBe('+3');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('Person 3, Person 4, Person 5');
  });

  it('without the counter shows the maximum and no bubble', () => {
    render(<AvatarGroup people={people(5)} counter={false} />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByLabelText(/more$/)).toBeNull();
  });
});

describe('Avatar', () => {
  it('shows the picture, and the initials when the picture cannot be loaded', () => {
    render(<Avatar name="Nova Lane" src="http://localhost/missing.png" />);
    const avatar = screen.getByRole('img', { name: 'Nova Lane' });
    expect(avatar.getAttribute('data-avatar')).toBe('image');
    act(() => fireEvent.error(avatar.querySelector('img')!));
    expect(avatar.getAttribute('data-avatar')).toBe('initials');
    expect(avatar.textContent).toBe('NL');
  });

  it('shows the initials without a picture, on a background fixed by the name', () => {
    render(<Avatar name="The Öresund Echoes" />);
    expect(screen.getByRole('img', { name: 'The Öresund Echoes' }).textContent).toBe('TE');
    expect(initialsBackground('Nova Lane')).toBe(initialsBackground('Nova Lane'));
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<Avatar name="Nova Lane" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('reads initials from letters and digits only', () => {
    expect(initialsOf('mara lindqvist')).toBe('ML');
    expect(initialsOf('  Émile  ')).toBe('É');
    expect(initialsOf('DJ — 2Face')).toBe('D2');
    expect(initialsOf('')).toBe('?');
  });
});

describe('ProgressBar', () => {
  it('is determinate with a value, as a whole percentage', () => {
    render(<ProgressBar label="Uploading the image" value={42.4} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading the image' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuetext')).toBe('42%');
    expect(bar.getAttribute('data-state')).toBe('determinate');
  });

  it('is indeterminate without one', () => {
    render(<ProgressBar label="Uploading the image" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading the image' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
  });

  it('keeps the percentage between 0 and 100', () => {
    expect(progressPercent(5, 10)).toBe(50);
    expect(progressPercent(-1)).toBe(0);
    expect(progressPercent(120)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
});
