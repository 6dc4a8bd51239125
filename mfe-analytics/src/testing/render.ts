import { act } from 'react';
import { fireEvent, screen } from '@testing-library/dom';
import { renderAreaRoute } from '@tunehouse/testing';
import { area } from '../area.js';

let cleanup: (() => void) | undefined;

/** Renders the analytics area at `url` under the fake shell; `unmountArea` after each test. */
export async function open(url: string, options: Parameters<typeof renderAreaRoute>[2] = {}) {
  const rendered = await renderAreaRoute(area, url, options);
  cleanup = rendered.unmount;
  return rendered;
}

export function unmountArea() {
  cleanup?.();
  cleanup = undefined;
}

export async function choose(label: string | RegExp, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

export async function click(
  name: string | RegExp,
  role: 'button' | 'link' | 'checkbox' | 'radio' = 'button',
) {
  await act(async () => {
    fireEvent.click(screen.getByRole(role, { name }));
  });
}
