import { Button, Group } from '@mantine/core';
import { INVOICE_MESSAGES } from '@ledgerleaf/domain';
import { useDateFormat } from '@ledgerleaf/api';
import { DeferredDateField } from '@ledgerleaf/ui';

/** An open end (empty) or the start on or before the end. */
export function isDateRangeValid(from: string, to: string): boolean {
  return !from || !to || from <= to;
}

/** What a list asks the server for a From/To pair: the set ends, nothing while the range is backwards. */
export function dateRangeQuery(
  from: string,
  to: string,
): { date_from: string | undefined; date_to: string | undefined } {
  const valid = isDateRangeValid(from, to);
  return { date_from: valid ? from || undefined : undefined, date_to: valid ? to || undefined : undefined };
}

/** A list's date filter (invoices, estimates): From and To (`yyyy-MM-dd`, either may be empty) and Clear dates. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { date_from: string; date_to: string }) => void;
}) {
  const { inputFormat } = useDateFormat();
  return (
    <>
      {/* Side by side while they fit; on a phone with larger text To goes under From (in one row the
          card cut it off). */}
      <Group gap="sm" wrap="wrap" align="flex-start">
        <DeferredDateField
          label="From"
          clearable
          valueFormat={inputFormat}
          value={from}
          onChange={(value) => onChange({ date_from: value, date_to: to })}
          w={150}
        />
        <DeferredDateField
          label="To"
          clearable
          valueFormat={inputFormat}
          value={to}
          onChange={(value) => onChange({ date_from: from, date_to: value })}
          w={150}
          error={isDateRangeValid(from, to) ? undefined : INVOICE_MESSAGES.dateRangeInvalid}
        />
      </Group>
      {(from || to) && (
        <Button variant="subtle" size="sm" onClick={() => onChange({ date_from: '', date_to: '' })}>
          Clear dates
        </Button>
      )}
    </>
  );
}
