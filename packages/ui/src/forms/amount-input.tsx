import { forwardRef } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type AmountInputProps = NumberInputProps;

/** The number an amount input holds now, or undefined while it is empty or unparsable. */
function numericValue(value: NumberInputProps['value']): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.replace(/[^0-9.-]/g, ''));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * A money amount input. Mantine's NumberInput draws a text input (so it can show "$1,250.00") and
 * keeps `min`, `max` and `step` to itself; assistive technology and the browser would not know the
 * bounds. This one declares them: it is a `spinbutton` (the arrow keys step by `step`) with
 * `aria-valuemin`, `aria-valuemax` and `aria-valuenow`, and carries the step in `data-step`.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput(props, ref) {
  const { min, max, step, value } = props;
  const now = numericValue(value);
  return (
    <NumberInput
      ref={ref}
      inputMode="decimal"
      {...props}
      role="spinbutton"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={now}
      data-step={step}
    />
  );
});
