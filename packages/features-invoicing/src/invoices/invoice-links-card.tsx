import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { useGetGoalQuery, type InvoiceDetail, useDateFormat, paths } from '@ledgerleaf/api';
import { Fact, SideCard } from '../shared/document-page';

/** The goal the invoice counts towards, and the estimate or recurring invoice it came from; nothing when none. */
export function InvoiceLinksCard({ invoice }: { invoice: InvoiceDetail }) {
  const { formatDate } = useDateFormat();
  const goal = useGetGoalQuery(invoice.goal_id ?? 0, { skip: invoice.goal_id === null });
  if (invoice.goal_id === null && invoice.estimate_id === null && invoice.recurring_invoice_id === null) return null;
  return (
    <SideCard title="Linked">
      {invoice.goal_id !== null && (
        <Fact label="Goal" numeric>
          <Anchor component={Link} to={paths.goals.detail(invoice.goal_id)} size="sm">
            {goal.data?.title ?? `Goal #${invoice.goal_id}`}
          </Anchor>
        </Fact>
      )}
      {invoice.estimate_id !== null && (
        <Fact label="Created from estimate" numeric>
          <Anchor component={Link} to={paths.estimates.detail(invoice.estimate_id)} size="sm">
            {invoice.estimate_number ?? 'Draft estimate'}
          </Anchor>
        </Fact>
      )}
      {invoice.recurring_invoice_id !== null && (
        <Fact label="From recurring invoice" numeric>
          <Anchor component={Link} to={paths.recurringInvoices.detail(invoice.recurring_invoice_id)} size="sm">
            {invoice.recurring_period ? `Run of ${formatDate(invoice.recurring_period)}` : 'The schedule'}
          </Anchor>
        </Fact>
      )}
    </SideCard>
  );
}
