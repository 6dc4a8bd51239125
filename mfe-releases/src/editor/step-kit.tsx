import { useEffect } from 'react';
import { css } from '@emotion/react';
import type { FieldValues, Path, UseFormSetFocus } from 'react-hook-form';
import type { AlbumDetail } from '@tunehouse/contracts';
import { Button, Notice, ProgressBar } from '@tunehouse/ui';
import { saveBar } from '../shared/styles.js';
import { useLocationHash } from '@tunehouse/area-kit';

/** What the editor page gives each step. */
export interface StepProps {
  /** The album as last saved; undefined on /albums/new (the details step creates it). */
  album: AlbumDetail | undefined;
  /** Tells the page whether the step has changes that are not saved (the page warns before leaving). */
  onDirtyChange: (dirty: boolean) => void;
  /** Called after a save with the saved album; `goOn` when the user asked to continue to the next step. */
  onSaved: (album: AlbumDetail, goOn: boolean) => void;
}
export interface SavedStepProps extends StepProps {
  album: AlbumDetail;
}

/** Reports the form's dirty state to the page, and clean again when the step goes away. */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void) {
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}

/** Focuses the field the URL's hash names (the review links to `…/edit/details#title`). */
export function useFocusFromHash<T extends FieldValues>(
  setFocus: UseFormSetFocus<T>,
  fields: readonly string[],
) {
  const hash = useLocationHash();
  useEffect(() => {
    const field = decodeURIComponent(hash.slice(1));
    if (field && fields.includes(field)) {
      // After the first paint, so the field exists.
      const timer = setTimeout(() => setFocus(field as Path<T>, { shouldSelect: false }));
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [hash, fields, setFocus]);
}

/** Scrolls to the section (by id) the URL's hash names and focuses its first control. */
export function useFocusSectionFromHash(sections: readonly string[]) {
  const hash = useLocationHash();
  useEffect(() => {
    const section = decodeURIComponent(hash.slice(1));
    if (!sections.includes(section)) return;
    const timer = setTimeout(() => {
      const element = document.getElementById(section);
      element?.scrollIntoView?.({ block: 'start' });
      element?.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
    });
    return () => clearTimeout(timer);
  }, [hash, sections]);
}

/** Whether the form was sent with "Save and continue" (the button marked data-go-on) rather than "Save". */
export function goesOn(event?: { nativeEvent?: unknown } | undefined): boolean {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return submitter?.getAttribute('data-go-on') === 'true';
}

export interface SaveBarProps {
  saving: boolean;
  dirty: boolean;
  /** Whether Save is offered; by default when there are changes. */
  canSave?: boolean | undefined;
  continueLabel?: string;
  /** An upload under way: what is sent, and how far it is (bytes of `max`); without a value it is indeterminate. */
  upload?: { label: string; value?: number | undefined; max?: number | undefined } | null | undefined;
  /** Said when there is nothing to save, instead of 'All changes saved.'. */
  note?: string | undefined;
}

/**
 * The step's save buttons: Save, and Save and continue (which only moves on when there is nothing to save). While
 * files travel it shows their upload.
 */
export function SaveBar({
  saving,
  dirty,
  canSave = dirty,
  continueLabel = 'Save and continue',
  upload,
  note,
}: SaveBarProps) {
  return (
    <>
      {upload && (
        <div
          css={css`
            margin-top: 1.25rem;
          `}
        >
          <ProgressBar label={upload.label} value={upload.value} max={upload.max} showLabel />
        </div>
      )}
      <div css={saveBar}>
        <span
          css={css`
            font-size: 0.88rem;
          `}
          aria-live="polite"
        >
          {saving ? 'Saving…' : dirty ? 'You have unsaved changes.' : (note ?? 'All changes saved.')}
        </span>
        <Button type="submit" variant="secondary" disabled={saving || !canSave}>
          Save
        </Button>
        <Button type="submit" disabled={saving} data-go-on="true">
          {saving ? 'Saving…' : continueLabel}
        </Button>
      </div>
    </>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? <Notice tone="error">{message}</Notice> : null;
}
