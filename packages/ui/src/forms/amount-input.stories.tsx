import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AmountInput } from './amount-input';

interface FieldProps {
  label: string;
  min: number;
  max?: number;
  error?: string;
  initial?: number | string;
}

function Field(props: FieldProps) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState<number | string>(initial);
  return (
    <AmountInput
      {...rest}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      step={0.01}
      allowNegative={false}
      clampBehavior="none"
      value={value}
      onChange={setValue}
      description={`Bounds ${rest.min} to ${rest.max ?? 'no maximum'}, step 0.01 (declared as aria-valuemin/max)`}
    />
  );
}

const meta = {
  title: 'Forms/AmountInput',
  component: Field,
  args: { label: 'Amount', min: 0 },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An income amount: min 0, step 0.01. */
export const Default: Story = {};
/** An allocation line: min 0.01, max the payment amount. */
export const Bounded: Story = { args: { label: 'Amount for Rent reserve', min: 0.01, max: 250, initial: 100 } };
/** With a field error. */
export const WithError: Story = { args: { error: 'Please enter a valid amount greater than zero' } };
