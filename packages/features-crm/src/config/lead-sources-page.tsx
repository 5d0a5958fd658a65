import { Card, Text } from '@mantine/core';
import { queryState, useAccess } from '@ledgerleaf/api';
import {
  useCreateLeadSourceMutation,
  useDeleteLeadSourceMutation,
  useListLeadSourcesQuery,
  useSetLeadSourceArchivedMutation,
  useUpdateLeadSourceMutation,
} from '@ledgerleaf/api/crm';
import { ConfigHeader } from './config-header';
import { NamedItems, namedItemCalls } from './named-items';

/**
 * /crm/lead-sources-management: where leads come from (website, referral, ...). Archived sources
 * stay on the leads that have them and leave the pickers; a source in use cannot be deleted.
 */
export function LeadSourcesPage() {
  const { isAdmin } = useAccess();
  const query = useListLeadSourcesQuery({ include_archived: true });
  const state = queryState(query);
  const [create] = useCreateLeadSourceMutation();
  const [update] = useUpdateLeadSourceMutation();
  const [setArchived] = useSetLeadSourceArchivedMutation();
  const [remove] = useDeleteLeadSourceMutation();
  return (
    <>
      <ConfigHeader
        title="Lead sources"
        description="Where your leads come from. Archive a source you no longer use."
      />
      <Card withBorder padding="md">
        {!isAdmin && (
          <Text size="sm" c="dimmed" mb="sm">
            Owners and admins manage the lead sources.
          </Text>
        )}
        <NamedItems
          label="Lead sources"
          noun="source"
          usesLabel="Leads"
          items={state.data?.map((source) => ({
            id: source.id,
            name: source.name,
            status: source.status,
            uses: source.lead_count + source.opportunity_count,
          }))}
          canManage={isAdmin}
          {...namedItemCalls(state, { create, update, setArchived, remove })}
        />
      </Card>
    </>
  );
}
