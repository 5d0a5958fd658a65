import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useListLeadsQuery } from '@ledgerleaf/api/crm';

/**
 * A lead that is still being worked (not converted), picked by server-side search; for an
 * opportunity of a lead that is not a client yet. `value` is the lead's id as a string.
 */
export function LeadPicker({
  value,
  onChange,
  selectedLabel,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (value: string | null, label: string | null) => void;
  selectedLabel?: string | null;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useListLeadsQuery({
    search: debounced || undefined,
    status: 'open',
    per_page: 20,
    sort: 'name',
    direction: 'asc',
  });
  const options = (query.data?.data ?? []).map((lead) => ({
    value: String(lead.id),
    label: lead.company_name && lead.person_name ? `${lead.person_name} (${lead.company_name})` : lead.display_name,
  }));
  if (value && selectedLabel && !options.some((option) => option.value === value))
    options.unshift({ value, label: selectedLabel });
  return (
    <Select
      searchable
      clearable
      placeholder="Search leads"
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'No open lead matches'}
      filter={({ options: all }) => all}
      {...props}
      data={options}
      value={value}
      onChange={(next, option) => onChange(next, option?.label ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
    />
  );
}
