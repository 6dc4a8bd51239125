import { css } from '@emotion/react';
import { planName, type PlanOption, type PlanType } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';
import { planInWords } from '../shared/fee-queries.js';
import { usePlatformCurrency } from '@tunehouse/area-kit';

const fieldsetStyle = css`
  margin: 1rem 0 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: 0.5rem;
    font-weight: 700;
  }
`;
const optionStyle = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.2rem 0.6rem;
  align-items: start;
  padding: 0.75rem;
  margin-bottom: 0.5rem;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  cursor: pointer;
  input {
    margin: 0.2rem 0 0;
    width: 1.1rem;
    height: 1.1rem;
  }
  &:has(input:checked) {
    border-color: ${colors.primary};
    box-shadow: inset 0 0 0 1px ${colors.primary};
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    background: ${colors.surface};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
const detail = css`
  grid-column: 2;
  margin: 0;
  line-height: 1.45;
  font-size: 0.92rem;
  color: ${colors.inkSoft};
`;

/**
 * The plans at publishing: each with its share and fee in words, the ones the account may take to choose from
 * and the others shown disabled with the API's reason (docs/decisions/0068-reporting-screen-and-plan-choice.md).
 */
export function PlanChoice({
  plans,
  chosen,
  onChoose,
  disabled,
}: {
  plans: readonly PlanOption[];
  chosen: PlanType | undefined;
  onChoose: (plan: PlanType) => void;
  disabled: boolean;
}) {
  const currency = usePlatformCurrency();
  return (
    <fieldset css={fieldsetStyle} data-plan-choice="">
      <legend>Choose a plan</legend>
      {plans.map((plan) => {
        const reasonId = `plan-${plan.id}-reason`;
        const termsId = `plan-${plan.id}-terms`;
        return (
          <label key={plan.id} css={optionStyle} data-plan-option={plan.id}>
            <input
              type="radio"
              name="paymentPlan"
              value={plan.id}
              checked={chosen === plan.id}
              disabled={disabled || !plan.available}
              onChange={() => onChoose(plan.id)}
              aria-describedby={plan.available ? termsId : `${termsId} ${reasonId}`}
            />
            <strong>
              {planName(plan)}
              {plan.suggested ? ' (suggested)' : ''}
            </strong>
            <p css={detail} id={termsId}>
              {planInWords(plan, currency)}
            </p>
            {!plan.available && (
              <p css={[detail, { color: colors.ink, fontStyle: 'italic' }]} id={reasonId}>
                Not available: {plan.reason ?? 'this account cannot take it.'}
              </p>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
