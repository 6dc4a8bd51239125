import { act } from 'react';
import { fireEvent, screen } from '@testing-library/dom';

/**
 * What a user does to an area under test, each inside `act` so React has rendered the outcome when it returns.
 * A target is an element, or its accessible name (click) or label text (type, choose) found in the document.
 */
export type Target = HTMLElement | string | RegExp;
export type ClickableRole = 'button' | 'link' | 'checkbox' | 'radio';

const labelled = (target: Target) =>
  typeof target === 'string' || target instanceof RegExp ? screen.getByLabelText(target) : target;

export async function click(target: Target, role: ClickableRole = 'button') {
  const element =
    typeof target === 'string' || target instanceof RegExp
      ? screen.getByRole(role, { name: target })
      : target;
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Types into a text field (an `input` event, which is what react-hook-form listens to). */
export async function type(target: Target, value: string) {
  const element = labelled(target);
  await act(async () => {
    fireEvent.input(element, { target: { value } });
  });
}

/** Picks an option of a select (or sets a field through its `change` event). */
export async function choose(target: Target, value: string) {
  const element = labelled(target);
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
}

/** Lets pending promises and timers of the area settle for `ms`. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Retries `read` while time passes inside act (debounced searches, answers arriving), then answers its value. */
export async function eventually<T>(read: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await settle(25);
  }
}
