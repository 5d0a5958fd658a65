import type { ChangeEvent, FocusEvent } from 'react';
import { NativeSelect, NumberInput } from '@mantine/core';

/** A line's or the document's discount: a percentage or an amount. */
export const DISCOUNT_OPTIONS = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: '$' },
];

/** What `form.getInputProps(path)` gives for one field. */
interface FieldProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  error?: unknown;
}

export interface DiscountFieldProps {
  label: string;
  /** The value field's accessible name (e.g. `Line 2 discount`); the label by default. */
  ariaLabel?: string;
  /** The type box's accessible name (e.g. `Line 2 discount type`). */
  typeLabel: string;
  /** `form.getInputProps('…discount_value')`. */
  valueProps: FieldProps;
  /** `form.getInputProps('…discount_type')`. */
  typeProps: FieldProps;
}

/**
 * The discount as one field: the value, with its type (% or $) chosen in a box inside the field's
 * right end. One label, and the type box is sized in rem, so at 150 % text it grows with its
 * character instead of shrinking to nothing, and no second label runs into a neighbour (issue 11).
 */
export function DiscountField({ label, ariaLabel, typeLabel, valueProps, typeProps }: DiscountFieldProps) {
  const type = typeProps.value === 'amount' ? 'amount' : 'percent';
  const typeBox = (
    <NativeSelect
      aria-label={typeLabel}
      data={DISCOUNT_OPTIONS}
      value={type}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => typeProps.onChange?.(event.currentTarget.value)}
      rightSectionWidth="1.5rem"
      styles={{
        input: {
          width: '4rem',
          fontWeight: 600,
          borderTopLeftRadius: 0,
          borderBottomLeftRadius: 0,
          marginRight: -1,
          paddingInlineStart: '0.75rem',
        },
      }}
    />
  );
  return (
    <NumberInput
      label={label}
      aria-label={ariaLabel ?? label}
      decimalScale={type === 'percent' ? 3 : 2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      rightSection={typeBox}
      rightSectionWidth="4rem"
      rightSectionPointerEvents="all"
      value={valueProps.value as number | string | undefined}
      onChange={(value) => valueProps.onChange?.(value)}
      onFocus={valueProps.onFocus}
      onBlur={valueProps.onBlur}
      error={(valueProps.error ?? typeProps.error) as string | undefined}
    />
  );
}
