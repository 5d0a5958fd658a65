import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DatesProvider } from '@mantine/dates';
import { DateField } from './date-field';

interface FieldProps {
  label: string;
  valueFormat?: string;
  required?: boolean;
  clearable?: boolean;
  error?: string;
  initial?: string;
}

function Field(props: FieldProps) {
  const { initial = '2026-11-23', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <DateField {...rest} value={value} onChange={setValue} description={`Value: ${value || '(none)'}`} />;
}

const meta = {
  title: 'Forms/DateField',
  component: Field,
  args: { label: 'Issue date' },
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

/** The default business format, mm/dd/yy. */
export const Default: Story = {};
/** A business on dd.mm.yyyy whose weeks start on Monday. */
export const EuropeanMonday: Story = {
  args: { valueFormat: 'DD.MM.YYYY' },
  decorators: [
    (Story) => (
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <Story />
      </DatesProvider>
    ),
  ],
};
export const RequiredWithError: Story = { args: { required: true, initial: '', error: 'The issue date is required' } };
export const Clearable: Story = { args: { clearable: true } };
