import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent, screen } from '@testing-library/dom';
import { ConfirmDialog } from './confirm-dialog.js';
import { Dialog, type DialogCloseReason } from './dialog.js';
import { zIndex } from './theme.js';

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

/** A page with an opener button, an outside field and a dialog with two fields. */
function Harness({
  onClose,
  dismissible,
}: {
  onClose?: (reason: DialogCloseReason) => void;
  dismissible?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <input aria-label="Outside" />
      <Dialog
        open={open}
        title="Edit artist"
        description="Name and profiles"
        dismissible={dismissible}
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
        footer={<button>Save</button>}
      >
        <input aria-label="Name" />
        <input aria-label="Link" />
      </Dialog>
    </>
  );
}

function openHarness(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  act(() => opener.focus());
  act(() => fireEvent.click(opener));
  return { opener, dialog: screen.getByRole('dialog', { name: 'Edit artist' }) };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, on the dialog layer, and focuses its first field', () => {
    const { dialog } = openHarness();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByText('Edit artist').id);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Name and profiles',
    );
    expect(getComputedStyle(dialog.parentElement!).zIndex).toBe(String(zIndex.dialog));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape and gives the focus back to the opener', () => {
    const onClose = vi.fn();
    const { opener } = openHarness({ onClose });
    act(() => fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a click outside it, but not on a click inside it or a drag that ends outside', () => {
    const onClose = vi.fn();
    const { dialog, opener } = openHarness({ onClose });
    const backdrop = dialog.parentElement!;
    act(() => {
      fireEvent.mouseDown(screen.getByLabelText('Link'));
      fireEvent.click(screen.getByLabelText('Link'));
    });
    act(() => {
      // Selecting text inside and letting go outside is not an outside click.
      fireEvent.mouseDown(dialog);
      fireEvent.click(backdrop);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      fireEvent.mouseDown(backdrop);
      fireEvent.click(backdrop);
    });
    expect(onClose).toHaveBeenCalledWith('outside-click');
    expect(document.activeElement).toBe(opener);
  });

  it('closes when focus leaves it, and leaves the focus where the user put it', () => {
    const onClose = vi.fn();
    openHarness({ onClose });
    act(() => screen.getByLabelText('Link').focus());
    expect(onClose).not.toHaveBeenCalled();
    const outside = screen.getByLabelText('Outside');
    act(() => outside.focus());
    expect(onClose).toHaveBeenCalledWith('focus-left');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(outside);
  });

  it('has a close button', () => {
    const onClose = vi.fn();
    openHarness({ onClose });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(onClose).toHaveBeenCalledWith('close-button');
  });

  it('stays open while it is not dismissible (a save in progress)', () => {
    const onClose = vi.fn();
    const { dialog } = openHarness({ onClose, dismissible: false });
    act(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    act(() => {
      fireEvent.mouseDown(dialog.parentElement!);
      fireEvent.click(dialog.parentElement!);
    });
    act(() => screen.getByLabelText('Outside').focus());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('with a dialog opened over another, only the top one answers Escape and focus moving into it closes nothing', () => {
    const closed: string[] = [];
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} title="Outer" onClose={() => (closed.push('outer'), setOuter(false))}>
          <button onClick={() => setInner(true)}>Delete</button>
          <Dialog open={inner} title="Inner" onClose={() => (closed.push('inner'), setInner(false))}>
            <button>Yes</button>
          </Dialog>
        </Dialog>
      );
    }
    render(<Nested />);
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    act(() => fireEvent.click(deleteButton));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    expect(closed).toEqual([]);
    act(() => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(closed).toEqual(['inner']);
    expect(document.activeElement).toBe(deleteButton);
    act(() => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(closed).toEqual(['inner', 'outer']);
  });

  it('focuses the fallback when the opener is gone by the time it closes', () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const heading = useRef<HTMLHeadingElement>(null);
      return (
        <>
          <h1 tabIndex={-1} ref={heading}>
            Artists
          </h1>
          {!open && <button onClick={() => setOpen(true)}>Delete</button>}
          <Dialog open={open} title="Delete?" onClose={() => setOpen(false)} fallbackFocus={heading}>
            <button>Yes</button>
          </Dialog>
        </>
      );
    }
    render(<Gone />);
    const button = screen.getByRole('button', { name: 'Delete' });
    act(() => button.focus());
    act(() => fireEvent.click(button));
    act(() => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Artists' }));
  });
});

describe('ConfirmDialog', () => {
  function Confirm(props: { busy?: boolean; error?: string; onConfirm?: () => void; onCancel?: () => void }) {
    return (
      <ConfirmDialog
        open
        title="Delete Nova Lane?"
        confirmLabel="Delete artist"
        tone="danger"
        busy={props.busy}
        error={props.error}
        onConfirm={props.onConfirm ?? (() => {})}
        onCancel={props.onCancel ?? (() => {})}
      >
        <p>Its profiles and image go with it.</p>
      </ConfirmDialog>
    );
  }

  it('starts on Cancel, so Enter never confirms by accident, and confirms on its button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Confirm onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Delete Nova Lane?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Delete artist' })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows why the action failed and cannot be dismissed while busy', () => {
    const onCancel = vi.fn();
    render(<Confirm busy error="The artist is on a delivered release" onCancel={onCancel} />);
    expect(screen.getByRole('alert').textContent).toBe('The artist is on a delivered release');
    expect((screen.getByRole('button', { name: 'Delete artist…' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(onCancel).not.toHaveBeenCalled();
  });
});
