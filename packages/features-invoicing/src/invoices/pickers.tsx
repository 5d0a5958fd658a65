import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCurrency, type ClientPickerItem, type ProductPickerItem } from '@ledgerleaf/domain';
import { useSearchClientsQuery, useSearchProductsQuery } from '@ledgerleaf/api';
import { SEARCH_DEBOUNCE_MS } from '../shared/list-params';

const PICKER_LIMIT = 20;
/** The server filters; the Select shows what it answered. */
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

/** The client of the invoice, searched on the server (`/api/clients/search`): 20,000 clients never load. */
export function ClientPicker({
  value,
  label,
  onChange,
  error,
}: {
  value: string;
  /** The chosen client's name, so it shows before any search. */
  label: string | null;
  onChange: (client: ClientPickerItem | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useSearchClientsQuery({ q: debounced || undefined, limit: PICKER_LIMIT });
  const found = query.data?.data ?? [];
  const data = found.map((client) => ({ value: String(client.id), label: client.name }));
  if (value && label && !data.some((option) => option.value === value)) data.unshift({ value, label });
  return (
    <Select
      label="Client"
      required
      searchable
      placeholder="Search your clients"
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'No active client matches'}
      data={data}
      value={value || null}
      onChange={(next) => onChange(found.find((client) => String(client.id) === next) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      error={error}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Fills a line from a product or service (`/api/products/search`). */
export function ProductPicker({ lineNumber, onPick }: { lineNumber: number; onPick: (product: ProductPickerItem) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const query = useSearchProductsQuery({ q: debounced || undefined, limit: PICKER_LIMIT }, { skip: !opened && debounced === '' });
  const found = query.data?.data ?? [];
  return (
    <Select
      label="Product or service"
      aria-label={`Line ${lineNumber} product or service`}
      searchable
      clearable={false}
      placeholder="Pick one to fill the line"
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'Nothing matches'}
      data={found.map((product) => ({ value: String(product.id), label: product.name }))}
      renderOption={({ option }) => {
        const product = found.find((item) => String(item.id) === option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {product && (
              <Text size="xs" c="dimmed">
                {formatCurrency(product.unit_price)} / {product.unit}
              </Text>
            )}
          </div>
        );
      }}
      value={null}
      onChange={(next) => {
        const product = found.find((item) => String(item.id) === next);
        if (product) onPick(product);
        setSearch('');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={serverFiltered}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
