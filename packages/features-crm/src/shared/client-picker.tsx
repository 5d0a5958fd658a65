import { useSearchClientsQuery } from '@ledgerleaf/api';
import { SearchPicker, type RecordPickerProps } from './search-picker';

function useClientOptions(search: string) {
  const query = useSearchClientsQuery({ q: search, limit: 20 });
  const options = (query.data?.data ?? []).map((client) => ({
    value: String(client.id),
    label: client.email ? `${client.name} (${client.email})` : client.name,
  }));
  return { options, isFetching: query.isFetching };
}

/**
 * A client picked by server-side search (`/api/clients/search`, typing narrows it down). `value` is
 * the client's id as a string; `selectedLabel` names the client already chosen before any search.
 */
export function ClientPicker(props: RecordPickerProps) {
  return (
    <SearchPicker
      useOptions={useClientOptions}
      searchPlaceholder="Search clients"
      nothingFound="No client matches"
      {...props}
    />
  );
}
