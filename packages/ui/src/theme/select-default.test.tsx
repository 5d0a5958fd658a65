import { useState } from 'react';
import { Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../test-utils';

function TypeSelect({ clearable = false }: { clearable?: boolean }) {
  const [value, setValue] = useState<string | null>('call');
  return (
    <>
      <Select
        label="Type"
        required
        clearable={clearable}
        data={[
          { value: 'call', label: 'Call' },
          { value: 'email', label: 'Email' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

describe('Select in the theme (issue 27 item 10)', () => {
  it('picking the option already selected keeps it: a select never clears itself', async () => {
    renderWithUi(<TypeSelect />);
    const input = screen.getByRole('combobox', { name: 'Type' });
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Call' }));
    expect(screen.getByTestId('value')).toHaveTextContent('call');
    expect(input).toHaveValue('Call');
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Email' }));
    expect(screen.getByTestId('value')).toHaveTextContent('email');
  });
});
