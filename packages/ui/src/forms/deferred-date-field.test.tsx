import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { formatDateValue } from './deferred-date-field';

describe('formatDateValue: the value as the date field shows it', () => {
  it.each([
    ['2026-11-03', 'MM/DD/YY', '11/03/26'],
    ['2026-11-03', 'DD.MM.YYYY', '03.11.2026'],
    ['2026-11-03', 'YYYY-MM-DD', '2026-11-03'],
    ['2026-01-05', 'M/D/YYYY', '1/5/2026'],
    ['', 'MM/DD/YY', ''],
    ['soon', 'MM/DD/YY', ''],
  ])('%s in %s is %j', (value, format, shown) => {
    expect(formatDateValue(value, format)).toBe(shown);
  });
});

describe('DeferredDateField', () => {
  it('draws a read-only field with the label and value until the date field has loaded, then the date field', async () => {
    // A fresh copy of the module: the test setup has loaded the date field already.
    vi.resetModules();
    const { DeferredDateField } = await import('./deferred-date-field');
    renderWithUi(
      <DeferredDateField label="From" value="2026-10-01" valueFormat="MM/DD/YY" onChange={() => undefined} />,
    );
    const first = screen.getByLabelText('From');
    expect(first).toHaveValue('10/01/26');
    expect(first).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByLabelText('From')).not.toHaveAttribute('readonly'));
    expect(screen.getByLabelText('From')).toHaveValue('10/01/26');
  });
});
