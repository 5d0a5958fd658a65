import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../test-utils';
import { AmountInput } from './amount-input';

function Controlled({ initial = '' as string | number, max = 250 }) {
  const [value, setValue] = useState<string | number>(initial);
  return (
    <AmountInput
      label="Amount"
      prefix="$"
      decimalScale={2}
      min={0}
      max={max}
      step={0.01}
      value={value}
      onChange={setValue}
    />
  );
}

describe('AmountInput', () => {
  it('declares its bounds and step to assistive technology', () => {
    renderWithUi(<Controlled initial={12.5} />);
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(input).toHaveAttribute('aria-valuemin', '0');
    expect(input).toHaveAttribute('aria-valuemax', '250');
    expect(input).toHaveAttribute('aria-valuenow', '12.5');
    expect(input).toHaveAttribute('data-step', '0.01');
    expect(input).toHaveAttribute('inputmode', 'decimal');
  });

  it('follows what is typed, has no value while empty, and steps by the step with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithUi(<Controlled />);
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(input).not.toHaveAttribute('aria-valuenow');
    await user.type(input, '40');
    expect(input).toHaveAttribute('aria-valuenow', '40');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('$40.01');
    expect(input).toHaveAttribute('aria-valuenow', '40.01');
  });
});
