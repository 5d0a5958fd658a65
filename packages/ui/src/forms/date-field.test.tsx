import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatesProvider } from '@mantine/dates';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { DateField, parseDateInput } from './date-field';

function Controlled({
  initial = '',
  valueFormat,
  onValue,
  clearable,
}: {
  initial?: string;
  valueFormat?: string;
  onValue?: (value: string) => void;
  clearable?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Issue date"
        required
        clearable={clearable}
        value={value}
        valueFormat={valueFormat}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('parseDateInput', () => {
  it('reads each business format, with or without padding', () => {
    expect(parseDateInput('11/23/26', 'MM/DD/YY')).toBe('2026-11-23');
    expect(parseDateInput('1/2/26', 'MM/DD/YY')).toBe('2026-01-02');
    expect(parseDateInput('11/23/2026', 'MM/DD/YY')).toBe('2026-11-23');
    expect(parseDateInput('11/23/2026', 'MM/DD/YYYY')).toBe('2026-11-23');
    expect(parseDateInput('23/11/2026', 'DD/MM/YYYY')).toBe('2026-11-23');
    expect(parseDateInput('23.11.2026', 'DD.MM.YYYY')).toBe('2026-11-23');
    expect(parseDateInput('2026-11-23', 'YYYY-MM-DD')).toBe('2026-11-23');
    expect(parseDateInput('01/01/99', 'MM/DD/YY')).toBe('1999-01-01');
  });

  it('understands ISO whatever the format, and refuses partial or impossible dates', () => {
    expect(parseDateInput('2026-11-23', 'DD.MM.YYYY')).toBe('2026-11-23');
    for (const text of ['', '11/23', '11/23/2', '11/23/202', '13/01/26', '02/30/26', 'soon', '23.11.20']) {
      expect(parseDateInput(text, text === '23.11.20' ? 'DD.MM.YYYY' : 'MM/DD/YY'), text).toBeNull();
    }
  });
});

describe('DateField', () => {
  it('shows the value in the given format, and typing in that format changes it', async () => {
    const onValue = vi.fn();
    renderWithUi(<Controlled initial="2026-11-23" valueFormat="DD.MM.YYYY" onValue={onValue} />);
    const input = screen.getByLabelText(/Issue date/);
    expect(input).toHaveValue('23.11.2026');
    expect(input).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '05.03.2027');
    expect(screen.getByTestId('value')).toHaveTextContent('2027-03-05');
    expect(onValue).toHaveBeenLastCalledWith('2027-03-05');
    await user.tab();
    expect(input).toHaveValue('05.03.2027');
  });

  it('defaults to mm/dd/yy and puts back the last good date after unreadable typing', async () => {
    renderWithUi(<Controlled initial="2026-11-23" />);
    const input = screen.getByLabelText(/Issue date/);
    expect(input).toHaveValue('11/23/26');
    fireEvent.change(input, { target: { value: 'next week' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('11/23/26');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-23');
  });

  it('is emptied by emptying its text, and offers a clear button when clearable', async () => {
    renderWithUi(<Controlled initial="2026-11-23" />);
    fireEvent.change(screen.getByLabelText(/Issue date/), { target: { value: '' } });
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });

  it('names its clear button for screen readers, and the button empties the value', async () => {
    renderWithUi(<Controlled initial="2026-11-23" clearable />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    await waitFor(() => expect(screen.getByTestId('value')).toBeEmptyDOMElement());
  });

  it('picks a day from the calendar, weeks starting on the DatesProvider day', async () => {
    const user = userEvent.setup();
    renderWithUi(
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <Controlled initial="2026-11-23" />
      </DatesProvider>,
    );
    await user.click(screen.getByLabelText(/Issue date/));
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays[0]).toBe('Mo');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '25 November 2026' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-25');
  });
});
