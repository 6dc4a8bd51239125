import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button, SelectField, TextField, colors } from '@tunehouse/ui';
import { editorRowStyle } from './row-style.js';
import type { EditorValues } from './editor-values.js';
import { errorAt } from './share-rows.js';

const rowStyle = editorRowStyle('minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.5fr)');

/**
 * Costs the release's income repays before the shares apply (an advance, mixing, artwork): what it was, how much,
 * and who paid it — the owner or someone on the split.
 */
export function RecoupmentRows({ currency }: { currency: string }) {
  const { control, register, formState } = useFormContext<EditorValues>();
  const rows = useFieldArray({ control, name: 'recoupments' });
  const people = useWatch<EditorValues, 'participants'>({ name: 'participants' });
  const payers = [
    { value: '', label: 'You (the owner)' },
    ...people
      .map((person) => person.email.trim().toLowerCase())
      .filter((email) => email.includes('@'))
      .map((email) => ({ value: email, label: email })),
  ];
  return (
    <div>
      {rows.fields.length === 0 && <p css={{ color: colors.inkSoft }}>Nothing to recoup first.</p>}
      {rows.fields.map((row, index) => (
        <fieldset key={row.id} css={rowStyle}>
          <legend>Cost {index + 1}</legend>
          <TextField
            label="What it was"
            error={errorAt(formState.errors, `recoupments.${index}.label`)}
            {...register(`recoupments.${index}.label`)}
          />
          <TextField
            label={`Amount (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            error={errorAt(formState.errors, `recoupments.${index}.amount`)}
            {...register(`recoupments.${index}.amount`)}
          />
          <SelectField
            label="Paid by"
            options={payers}
            error={errorAt(formState.errors, `recoupments.${index}.paidBy`)}
            {...register(`recoupments.${index}.paidBy`)}
          />
          <Button variant="ghost" aria-label={`Remove cost ${index + 1}`} onClick={() => rows.remove(index)}>
            Remove
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => rows.append({ label: '', amount: '', paidBy: '' })}>
        Add a cost to recoup
      </Button>
    </div>
  );
}
