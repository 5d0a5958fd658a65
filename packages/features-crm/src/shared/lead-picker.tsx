import { useListLeadsQuery } from '@ledgerleaf/api/crm';
import { SearchPicker, type RecordPickerProps } from './search-picker';

function useOpenLeadOptions(search: string) {
  const query = useListLeadsQuery({
    search: search || undefined,
    status: 'open',
    per_page: 20,
    sort: 'name',
    direction: 'asc',
  });
  const options = (query.data?.data ?? []).map((lead) => ({
    value: String(lead.id),
    label: lead.company_name && lead.person_name ? `${lead.person_name} (${lead.company_name})` : lead.display_name,
  }));
  return { options, isFetching: query.isFetching };
}

/**
 * A lead that is still being worked (not converted), picked by server-side search; for an
 * opportunity of a lead that is not a client yet. `value` is the lead's id as a string.
 */
export function LeadPicker(props: RecordPickerProps) {
  return (
    <SearchPicker
      useOptions={useOpenLeadOptions}
      searchPlaceholder="Search leads"
      nothingFound="No open lead matches"
      {...props}
    />
  );
}
