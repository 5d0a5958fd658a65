import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

/** What a record picker takes: its id as a string, and the label of the record already chosen before any search. */
export type RecordPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (value: string | null, label: string | null) => void;
  selectedLabel?: string | null;
};

/**
 * A record picked by server-side search: typing (debounced) asks `useOptions` for the records that
 * match; the chosen one stays offered under `selectedLabel` when the search does not return it.
 */
export function SearchPicker({
  useOptions,
  searchPlaceholder,
  nothingFound,
  value,
  onChange,
  selectedLabel,
  ...props
}: RecordPickerProps & {
  /** The options for the (trimmed, debounced) search: a query hook, called on every render. */
  useOptions: (search: string) => { options: { value: string; label: string }[]; isFetching: boolean };
  searchPlaceholder: string;
  nothingFound: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { options, isFetching } = useOptions(debounced);
  if (value && selectedLabel && !options.some((option) => option.value === value))
    options.unshift({ value, label: selectedLabel });
  return (
    <Select
      searchable
      clearable
      placeholder={searchPlaceholder}
      nothingFoundMessage={isFetching ? 'Searching...' : nothingFound}
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
