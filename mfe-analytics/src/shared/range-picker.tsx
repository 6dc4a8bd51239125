import { memo } from 'react';
import { css } from '@emotion/react';
import { TextField, colors, radius } from '@tunehouse/ui';
import { RANGE_PRESETS, type DateRange, type RangePreset } from './date-range.js';
import { formatDay, today } from './dates.js';
import type { SearchChanges } from './trend-search.js';

const fieldset = css`
  border: 0;
  margin: 0 0 1rem;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    padding: 0;
    margin-bottom: 0.35rem;
  }
`;
const segments = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: 2.4rem;
    padding: 0 0.9rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.round};
    background: ${colors.paper};
    cursor: pointer;
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  label:has(input:checked) {
    background: ${colors.primary};
    border-color: ${colors.primary};
    color: ${colors.primaryInk};
  }
  label:has(input:focus-visible) {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
const customDates = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: 0 1rem;
  max-width: 28rem;
  margin-top: 0.75rem;
`;
const periodText = css`
  margin: 0.5rem 0 0;
  font-size: 0.85rem;
  color: ${colors.muted};
`;

/**
 * The period: a preset (7 days, 28 days, 90 days, 12 months) or custom first and last days. Changes go to the URL
 * at once; choosing Custom starts from the period shown.
 */
function RangePickerView({
  preset,
  range,
  problem,
  onChange,
}: {
  preset: RangePreset;
  range: DateRange;
  problem: string | undefined;
  onChange: (changes: SearchChanges) => void;
}) {
  const choose = (next: RangePreset) => {
    if (next === 'custom') onChange({ range: 'custom', start: range.start, end: range.end });
    else onChange({ range: next, start: undefined, end: undefined });
  };
  return (
    <fieldset css={fieldset}>
      <legend>Period</legend>
      <div css={segments}>
        {RANGE_PRESETS.map((option) => (
          <label key={option.id}>
            <input
              type="radio"
              name="trends-period"
              value={option.id}
              checked={preset === option.id}
              onChange={() => choose(option.id)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {preset === 'custom' && (
        <div css={customDates}>
          <TextField
            label="First day"
            type="date"
            value={range.start}
            max={today()}
            onChange={(event) => onChange({ start: event.target.value || undefined })}
          />
          <TextField
            label="Last day"
            type="date"
            value={range.end}
            max={today()}
            error={problem}
            onChange={(event) => onChange({ end: event.target.value || undefined })}
          />
        </div>
      )}
      {!problem && (
        <p css={periodText} aria-live="polite">
          {formatDay(range.start)} to {formatDay(range.end)}
        </p>
      )}
    </fieldset>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const RangePicker = memo(RangePickerView);
