import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchClientsQuery } from '@ledgerleaf/api';

/**
 * A client picked by server-side search (`/api/clients/search`, typing narrows it down). `value` is
 * the client's id as a string; `selectedLabel` names the client already chosen before any search.
 */
export function ClientPicker({
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
  const query = useSearchClientsQuery({ q: debounced, limit: 20 });
  const options = (query.data?.data ?? []).map((client) => ({
    value: String(client.id),
    label: client.email ? `${client.name} (${client.email})` : client.name,
  }));
  if (value && selectedLabel && !options.some((option) => option.value === value))
    options.unshift({ value, label: selectedLabel });
  return (
    <Select
      searchable
      clearable
      placeholder="Search clients"
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'No client matches'}
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
