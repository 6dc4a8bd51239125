import { act } from 'react';
import { fireEvent, screen } from '@testing-library/dom';
import { renderAreaRoute } from '@tunehouse/testing';
import { area } from '../area.js';

let cleanup: (() => void) | undefined;

/** Renders the releases area at `url` under the fake shell; `unmountArea` after each test. */
export async function open(url: string, options: Parameters<typeof renderAreaRoute>[2] = {}) {
  const rendered = await renderAreaRoute(area, url, options);
  cleanup = rendered.unmount;
  return rendered;
}

export function unmountArea() {
  cleanup?.();
  cleanup = undefined;
}

export async function type(label: string | RegExp, value: string) {
  await act(async () => {
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  });
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

/** Lets pending promises and timers of the area settle. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** The JSON body of a recorded request (the album form is sent as JSON unless it carries a file). */
export function bodyOf(request: { body?: unknown } | undefined): Record<string, unknown> {
  const body = request?.body;
  if (body instanceof FormData) return JSON.parse(String(body.get('metadata'))) as Record<string, unknown>;
  return body as Record<string, unknown>;
}
