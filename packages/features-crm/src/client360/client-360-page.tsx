import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ESTIMATE_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  displayPhone,
  type Client360,
  type Opportunity,
} from '@ledgerleaf/domain';
import { paths, queryState, useCanWrite, useDateFormat } from '@ledgerleaf/api';
import { useGetClient360Query } from '@ledgerleaf/api/crm';
import { EmptyState, PageHeader } from '@ledgerleaf/ui';
import { RecordLoader, RecordNotFound, useUrlParams } from '@ledgerleaf/ui/routing';
import { ClientPicker } from '../shared/client-picker';
import { CrmNav } from '../shared/crm-nav';
import { LeadStatusBadge, StageBadge } from '../shared/labels';
import { Money } from '../shared/money';
import { TimelineCard } from '../shared/timeline-card';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {children}
      </Text>
    </Card>
  );
}

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `c360-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {count !== undefined && <Badge variant="default">{count}</Badge>}
      </Group>
      {children}
    </Card>
  );
}

const None = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

function OpportunityTable({ rows, label }: { rows: Opportunity[]; label: string }) {
  const { formatDate } = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Opportunity</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Close</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((opportunity) => (
            <Table.Tr key={opportunity.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.crm.opportunities.edit(opportunity.id)}>
                  {opportunity.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StageBadge name={opportunity.stage_name} type={opportunity.stage_type} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={opportunity.amount} />
              </Table.Td>
              <Table.Td>
                {opportunity.closed_at
                  ? formatDate(opportunity.closed_at)
                  : opportunity.expected_close_date
                    ? formatDate(opportunity.expected_close_date)
                    : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Everything about one client: figures, contacts, opportunities, leads, documents, payments and the timeline. */
export function Client360View({ data }: { data: Client360 }) {
  const { formatDate, formatDateTime } = useDateFormat();
  const canWrite = useCanWrite();
  const { client, figures } = data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {client.name}
            {client.status === 'archived' && (
              <Badge ml="xs" variant="default">
                Archived
              </Badge>
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {[client.email, displayPhone(client.phone)].filter(Boolean).join(' · ') || 'No email or phone'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.clients.edit(client.id)}>
            Open client
          </Button>
          {canWrite && (
            <Button
              component={Link}
              to={`${paths.crm.opportunities.create}?client_id=${client.id}`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New opportunity
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Figure label="Outstanding">
          <Money value={figures.outstanding_balance} />
        </Figure>
        <Figure label="Lifetime revenue">
          <Money value={figures.lifetime_revenue} />
        </Figure>
        <Figure label="Average days to pay">
          {figures.average_days_to_pay === null ? '—' : `${figures.average_days_to_pay} days`}
        </Figure>
        <Figure label="Open pipeline">
          <Money value={figures.open_opportunities_value} />
        </Figure>
        <Figure label="Won">
          <Money value={figures.won_value} />
        </Figure>
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="Open opportunities" count={data.open_opportunities.length}>
              {data.open_opportunities.length === 0 ? (
                <None>No open opportunities.</None>
              ) : (
                <OpportunityTable rows={data.open_opportunities} label="Open opportunities" />
              )}
            </Section>
            <Section title="Closed opportunities" count={data.closed_opportunities.length}>
              {data.closed_opportunities.length === 0 ? (
                <None>None won or lost yet.</None>
              ) : (
                <OpportunityTable rows={data.closed_opportunities} label="Closed opportunities" />
              )}
            </Section>
            <Section title="Invoices" count={data.invoices.length}>
              {data.invoices.length === 0 ? (
                <None>No invoices yet.</None>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table aria-label="Invoices">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Invoice</Table.Th>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                        <Table.Th ta="right">Balance</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.invoices.map((invoice) => (
                        <Table.Tr key={invoice.id}>
                          <Table.Td>
                            <Anchor component={Link} to={paths.invoices.detail(invoice.id)}>
                              {invoice.invoice_number ?? 'Draft'}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{formatDate(invoice.issue_date)}</Table.Td>
                          <Table.Td>{INVOICE_STATUS_LABELS[invoice.status]}</Table.Td>
                          <Table.Td ta="right">
                            <Money value={invoice.total} />
                          </Table.Td>
                          <Table.Td ta="right">
                            <Money value={invoice.balance_due} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
            <Section title="Estimates" count={data.estimates.length}>
              {data.estimates.length === 0 ? (
                <None>No estimates yet.</None>
              ) : (
                <Stack gap={4}>
                  {data.estimates.map((estimate) => (
                    <Group key={estimate.id} justify="space-between">
                      <Anchor component={Link} to={paths.estimates.detail(estimate.id)}>
                        {estimate.estimate_number ?? 'Draft'} · {formatDate(estimate.issue_date)} ·{' '}
                        {ESTIMATE_STATUS_LABELS[estimate.status]}
                      </Anchor>
                      <Money value={estimate.total} />
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Payments" count={data.payments.length}>
              {data.payments.length === 0 ? (
                <None>No payments received yet.</None>
              ) : (
                <Stack gap={4}>
                  {data.payments.map((payment) => (
                    <Group key={payment.id} justify="space-between">
                      <Text size="sm">
                        {formatDate(payment.payment_date)} · {PAYMENT_METHOD_LABELS[payment.method]}
                        {payment.reference ? ` · ${payment.reference}` : ''}
                      </Text>
                      <Money value={payment.amount} size="sm" />
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Contacts" count={client.contacts.length}>
              {client.contacts.length === 0 ? (
                <None>No contacts.</None>
              ) : (
                <Stack gap="xs">
                  {client.contacts.map((contact) => (
                    <Stack key={contact.id} gap={0}>
                      <Text size="sm" fw={600}>
                        {contact.name}
                        {contact.is_primary && (
                          <Badge ml={6} size="xs" variant="light">
                            Primary
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[contact.email, displayPhone(contact.phone)].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Leads" count={data.leads.length}>
              {data.leads.length === 0 ? (
                <None>It did not come from a lead.</None>
              ) : (
                <Stack gap="xs">
                  {data.leads.map((lead) => (
                    <Group key={lead.id} justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={paths.crm.leads.edit(lead.id)} size="sm">
                        {lead.display_name}
                        {lead.source_name ? ` (${lead.source_name})` : ''}
                      </Anchor>
                      <LeadStatusBadge status={lead.status} />
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Activities" count={data.activities.length}>
              {data.activities.length === 0 ? (
                <None>No activities.</None>
              ) : (
                <Stack gap="xs">
                  {data.activities.slice(0, 10).map((activity) => (
                    <Group key={activity.id} justify="space-between" wrap="nowrap">
                      <Text size="sm" td={activity.done ? 'line-through' : undefined}>
                        {activity.subject}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(activity.due_at)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <TimelineCard subject={{ client_id: client.id }} readOnly={!canWrite} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Client360Loader({ clientId }: { clientId: number }) {
  const query = useGetClient360Query(clientId);
  return (
    <RecordLoader
      state={queryState(query)}
      errorTitle="The client could not be loaded"
      notFound={
        <RecordNotFound title="Client not found" backTo={paths.crm.client360} backLabel="Pick another client" />
      }
    >
      {(data) => <Client360View data={data} />}
    </RecordLoader>
  );
}

/** /crm/client-360 (`?client=ID`): pick a client (server-side search), then everything about it. */
export function Client360Page() {
  const url = useUrlParams();
  const raw = Number(url.get('client'));
  const clientId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  return (
    <>
      <PageHeader title="Client 360" description="Everything about one client in one place." />
      <CrmNav />
      <Stack gap="lg">
        <ClientPicker
          label="Client"
          maw={420}
          value={clientId ? String(clientId) : null}
          onChange={(value) => url.update({ client: value }, { push: true })}
        />
        {clientId ? (
          <Client360Loader clientId={clientId} />
        ) : (
          <EmptyState
            title="Pick a client"
            message="Search for a client above to see its opportunities, leads, activities, invoices and payments."
          />
        )}
      </Stack>
    </>
  );
}
