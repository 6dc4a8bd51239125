// Helpers for this area's tests (jsdom); nothing in the app imports them.
import { act } from 'react';
import { fireEvent } from '@testing-library/dom';

/** Retries `read` while time passes inside act (debounced searches, answers arriving), then answers its value. */
export async function eventually<T>(read: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 25));
    });
  }
}

export async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function type(element: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.input(element, { target: { value } });
  });
}

export async function choose(select: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(select, { target: { value } });
  });
}
