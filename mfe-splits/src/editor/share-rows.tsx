import { css } from '@emotion/react';
import { get, useFieldArray, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { MAX_SPLIT_PARTICIPANTS } from '@tunehouse/contracts';
import { Button, TextField, colors } from '@tunehouse/ui';
import { formatShare, percentToBasisPoints, remainderOf } from '../shared/percent.js';
import { editorRowStyle } from './row-style.js';
import { emptyRow, type EditorValues, type ShareRow } from './editor-values.js';

export type RowsName = 'participants' | `tracks.${number}.participants`;

const rowStyle = editorRowStyle('minmax(0, 2fr) minmax(0, 1.5fr) minmax(0, 1fr)');

const remainderStyle = css`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/** The message of a field or a list in the form's errors (a list's own message sits on its `root`). */
export function errorAt(errors: FieldErrors<EditorValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return error?.root?.message ?? error?.message;
}

/** What the owner keeps of the rows' whole: 100 % less the others' shares (the unreadable ones count as 0). */
export function useRemainder(name: RowsName): number {
  const rows = useWatch<EditorValues, RowsName>({ name }) as ShareRow[] | undefined;
  return remainderOf((rows ?? []).map((row) => percentToBasisPoints(row.share) ?? 0));
}

function Remainder({ name, track }: { name: RowsName; track: string | undefined }) {
  const left = useRemainder(name);
  return (
    <p role="status" css={[remainderStyle, { color: left < 0 ? colors.danger : colors.ink }]}>
      {left < 0
        ? `The shares add up to ${formatShare(10_000 - left)}, more than 100 %.`
        : `You keep ${formatShare(left)}${track ? ` of ${track}` : ''}.`}
    </p>
  );
}

/**
 * The people a split (or a track's own shares) gives a share to, besides the owner: a row each of e-mail, role
 * and share in percent, rows added and removed, and what the owner keeps as the user types.
 */
export function ShareRows({
  name,
  track,
}: {
  name: RowsName;
  /** The track's name, for a track's own shares. */ track?: string;
}) {
  const { control, register, formState } = useFormContext<EditorValues>();
  const rows = useFieldArray({ control, name });
  const listError = errorAt(formState.errors, name);
  const field = (index: number, part: keyof ShareRow) => `${name}.${index}.${part}` as const;
  return (
    <div>
      {rows.fields.length === 0 && <p css={{ color: colors.inkSoft }}>Nobody else yet.</p>}
      {rows.fields.map((row, index) => (
        <fieldset key={row.id} css={rowStyle}>
          <legend>Person {index + 1}</legend>
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="off"
            error={errorAt(formState.errors, field(index, 'email'))}
            {...register(field(index, 'email'))}
          />
          <TextField
            label="Role"
            hint="Producer, Co-writer, Featured artist…"
            error={errorAt(formState.errors, field(index, 'role'))}
            {...register(field(index, 'role'))}
          />
          <TextField
            label="Share (%)"
            inputMode="decimal"
            autoComplete="off"
            error={errorAt(formState.errors, field(index, 'share'))}
            {...register(field(index, 'share'))}
          />
          <Button
            variant="ghost"
            aria-label={`Remove person ${index + 1}${track ? ` from ${track}` : ''}`}
            onClick={() => rows.remove(index)}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      {listError && (
        <p role="alert" css={{ color: colors.danger, fontWeight: 600 }}>
          {listError}
        </p>
      )}
      <Remainder name={name} track={track} />
      <Button
        variant="secondary"
        disabled={rows.fields.length >= MAX_SPLIT_PARTICIPANTS - 1}
        onClick={() => rows.append(emptyRow())}
      >
        {track ? `Add a person to ${track}` : 'Add a person'}
      </Button>
    </div>
  );
}
