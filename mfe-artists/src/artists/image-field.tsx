import { useEffect, useId } from 'react';
import { css } from '@emotion/react';
import { Avatar, Button, ProgressBar, buttonStyles, colors, visuallyHidden } from '@tunehouse/ui';
import { imageFileError } from './artist-form-schema.js';

/** What the artist's image should become when the form is saved. */
export type ImageChange =
  { kind: 'keep' } | { kind: 'replace'; file: File; previewUrl: string | null } | { kind: 'remove' };

/** Releases a chosen file's preview once it is no longer shown. */
function useReleasedWhenGone(previewUrl: string | null): void {
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
}

/**
 * The artist's picture: the current one, or a JPG/PNG chosen to replace it (checked against the API's type and
 * size limits at once), or none. While it uploads a progress bar shows under it.
 */
export function ImageField({
  artistName,
  currentUrl,
  change,
  onChange,
  error,
  onError,
  uploading,
  uploadPercent,
  disabled,
}: {
  artistName: string;
  currentUrl: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
  error: string | null;
  onError: (message: string | null) => void;
  uploading: boolean;
  /** Share of the file sent; undefined until the browser reports it (the bar is indeterminate then). */
  uploadPercent?: number | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  useReleasedWhenGone(change.kind === 'replace' ? change.previewUrl : null);
  const shown = change.kind === 'replace' ? change.previewUrl : change.kind === 'remove' ? null : currentUrl;
  const hasImage = change.kind === 'replace' || (change.kind === 'keep' && currentUrl !== null);

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      css={css`
        display: flex;
        align-items: center;
        gap: 1rem;
        margin-bottom: 1.25rem;
      `}
    >
      <Avatar name={artistName.trim() || '?'} src={shown} size={80} shape="square" decorative />
      <div
        css={css`
          flex: 1;
          min-width: 0;
          display: grid;
          gap: 0.4rem;
        `}
      >
        <span
          id={`${id}-label`}
          css={css`
            font-weight: 600;
            font-size: 0.9rem;
          `}
        >
          Artist image
        </span>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 0.5rem;
            input:focus-visible + label {
              outline: 3px solid ${colors.focus};
              outline-offset: 2px;
            }
          `}
        >
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png"
            css={visuallyHidden}
            disabled={disabled}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const problem = imageFileError(file);
              onError(problem);
              if (problem) return;
              const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
              onChange({ kind: 'replace', file, previewUrl });
            }}
          />
          <label
            htmlFor={inputId}
            css={[
              buttonStyles.secondary,
              css`
                white-space: nowrap;
              `,
              disabled &&
                css`
                  opacity: 0.55;
                  cursor: not-allowed;
                `,
            ]}
          >
            {hasImage ? 'Change image' : 'Choose an image'}
          </label>
          {hasImage && (
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={() => {
                onError(null);
                onChange(currentUrl !== null ? { kind: 'remove' } : { kind: 'keep' });
              }}
            >
              Remove image
            </Button>
          )}
        </div>
        <p
          id={hintId}
          css={css`
            margin: 0;
            font-size: 0.82rem;
            color: ${colors.muted};
            overflow-wrap: anywhere;
          `}
        >
          {change.kind === 'replace'
            ? `${change.file.name} will be uploaded when you save.`
            : change.kind === 'remove'
              ? 'The image will be removed when you save.'
              : 'JPG or PNG, up to 10 MB. A square picture works best.'}
        </p>
        {error && (
          <p
            id={errorId}
            role="alert"
            css={css`
              margin: 0;
              font-size: 0.85rem;
              color: ${colors.danger};
            `}
          >
            {error}
          </p>
        )}
        {uploading && <ProgressBar label="Uploading the image" value={uploadPercent} />}
      </div>
    </div>
  );
}
