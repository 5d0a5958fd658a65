import { useMemo, useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCurrency, type ClientPickerItem, type ProductPickerItem } from '@ledgerleaf/domain';
import { useGetGoalQuery, useListAllGoalsQuery, useSearchClientsQuery, useSearchProductsQuery } from '@ledgerleaf/api';
import { SEARCH_DEBOUNCE_MS } from '@ledgerleaf/ui/routing';

export const PICKER_LIMIT = 20;
/** The server filters; the Select shows what it answered. */
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

/**
 * The client of the invoice, searched on the server (`/api/clients/search`): 20,000 clients never load.
 * As a list's filter (`filter`) it is optional and clearable: no client means all of them.
 */
export function ClientPicker({
  value,
  label,
  onChange,
  error,
  filter = false,
}: {
  value: string;
  /** The chosen client's name, so it shows before any search. */
  label: string | null;
  onChange: (client: ClientPickerItem | null) => void;
  error?: string;
  filter?: boolean;
}) {
  const [search, setSearch] = useState('');
  // Once a client is chosen the box shows its name: that is no search (the list stays the first
  // clients, the chosen one included), or choosing would ask the server again for that one name
  // and swap the options under the pointer.
  const typed = search.trim() === (label ?? '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = useSearchClientsQuery({ q: debounced || undefined, limit: PICKER_LIMIT });
  const found = useMemo(() => query.data?.data ?? [], [query.data]);
  // One options array per answer (not per render), so the dropdown keeps its option elements.
  const data = useMemo(() => {
    const options = found.map((client) => ({ value: String(client.id), label: client.name }));
    if (value && label && !options.some((option) => option.value === value)) options.unshift({ value, label });
    return options;
  }, [found, value, label]);
  return (
    <Select
      label="Client"
      required={!filter}
      searchable
      clearable={filter}
      clearButtonProps={{ 'aria-label': 'Clear client' }}
      placeholder={filter ? 'All clients' : 'Search your clients'}
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'No active client matches'}
      data={data}
      value={value || null}
      onChange={(next) => onChange(found.find((client) => String(client.id) === next) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      error={error}
      allowDeselect={filter}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Fills a line from a product or service (`/api/products/search`). */
export function ProductPicker({
  lineNumber,
  onPick,
}: {
  lineNumber: number;
  onPick: (product: ProductPickerItem) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const query = useSearchProductsQuery(
    { q: debounced || undefined, limit: PICKER_LIMIT },
    { skip: !opened && debounced === '' },
  );
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

/**
 * The goal an invoice counts towards (optional, clearable): every one of the business's active goals
 * (`/api/goals?status=active`, page after page), plus the goal already linked when it is no longer active.
 */
export function GoalPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (goalId: string) => void;
  error?: string;
}) {
  const active = useListAllGoalsQuery({ status: 'active', sort: 'title', direction: 'asc' });
  const data = (active.data?.data ?? []).map((goal) => ({ value: String(goal.id), label: goal.title }));
  const inactive = value !== '' && !active.isLoading && !data.some((option) => option.value === value);
  const linked = useGetGoalQuery(Number(value), { skip: !inactive });
  if (inactive)
    data.unshift({
      value,
      label: linked.data ? `${linked.data.title} (${linked.data.status.replace('_', ' ')})` : `Goal #${value}`,
    });
  return (
    <Select
      label="Goal (optional)"
      description="Link the invoice to one of your goals."
      placeholder="No goal"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear goal' }}
      nothingFoundMessage={active.isFetching ? 'Loading goals...' : 'No active goal'}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
