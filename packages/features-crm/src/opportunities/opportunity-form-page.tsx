import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileInvoice, IconFileText, IconTrash } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  opportunityInputSchema,
  validateWith,
  type Opportunity,
  type OpportunityInput,
  type PipelineStage,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  paths,
  queryState,
  useCanWrite,
  useDateFormat,
  type CrmWrite,
  type RequestError,
  splitServerErrors,
} from '@ledgerleaf/api';
import {
  useCreateOpportunityMutation,
  useDeleteOpportunityMutation,
  useGetOpportunityQuery,
  useUpdateOpportunityMutation,
} from '@ledgerleaf/api/crm';
import { AmountInput, DateField, FormAlert, PageHeader, useAsk, useToast } from '@ledgerleaf/ui';
import { BackLink, RecordLoader, RecordNotFound, useRouteId, useRecordForm } from '@ledgerleaf/ui/routing';
import { ClientPicker } from '../shared/client-picker';
import { LeadPicker } from '../shared/lead-picker';
import { useCreateDocument } from '../shared/create-document';
import { CrmNav } from '../shared/crm-nav';
import { StageBadge } from '../shared/labels';
import { Money } from '../shared/money';
import {
  idOrNull,
  stageOption,
  useLostReasonOptions,
  useOwnerOptions,
  useSourceOptions,
  useStages,
} from '../shared/options';
import { TimelineCard } from '../shared/timeline-card';

export interface OpportunityFormValues {
  title: string;
  client_id: string;
  client_label: string;
  lead_id: string;
  lead_label: string;
  amount: number | string;
  stage_id: string;
  probability: number | string;
  expected_close_date: string;
  owner_user_id: string;
  source_id: string;
  notes: string;
  lost_reason_id: string;
  lost_note: string;
}

const FIELDS = new Set<string>([
  'title',
  'client_id',
  'lead_id',
  'amount',
  'stage_id',
  'probability',
  'expected_close_date',
  'owner_user_id',
  'source_id',
  'notes',
  'lost_reason_id',
  'lost_note',
]);

export function opportunityToValues(
  opportunity: Opportunity | null,
  prefill: { clientId?: string; leadId?: string } = {},
): OpportunityFormValues {
  return {
    title: opportunity?.title ?? '',
    client_id: opportunity?.client_id ? String(opportunity.client_id) : (prefill.clientId ?? ''),
    client_label: opportunity?.client_name ?? '',
    lead_id: opportunity?.lead_id ? String(opportunity.lead_id) : (prefill.leadId ?? ''),
    lead_label: opportunity?.lead_name ?? '',
    amount: opportunity?.amount ?? '',
    stage_id: opportunity ? String(opportunity.stage_id) : '',
    probability: opportunity?.probability ?? '',
    expected_close_date: opportunity?.expected_close_date ?? '',
    owner_user_id: opportunity?.owner_user_id ? String(opportunity.owner_user_id) : '',
    source_id: opportunity?.source_id ? String(opportunity.source_id) : '',
    notes: opportunity?.notes ?? '',
    lost_reason_id: opportunity?.lost_reason_id ? String(opportunity.lost_reason_id) : '',
    lost_note: opportunity?.lost_note ?? '',
  };
}

export function valuesToOpportunityInput(
  values: OpportunityFormValues,
  stage: PipelineStage | undefined,
): OpportunityInput {
  const lost = stage?.type === 'lost';
  return {
    title: values.title,
    client_id: idOrNull(values.client_id),
    lead_id: idOrNull(values.lead_id),
    amount: values.amount === '' ? Number.NaN : Number(values.amount),
    stage_id: idOrNull(values.stage_id),
    probability: values.probability === '' ? null : Number(values.probability),
    expected_close_date: values.expected_close_date || null,
    owner_user_id: idOrNull(values.owner_user_id),
    source_id: idOrNull(values.source_id),
    notes: values.notes,
    lost_reason_id: lost ? idOrNull(values.lost_reason_id) : null,
    lost_note: lost ? values.lost_note : null,
  };
}

/** The lost-stage rule the schema cannot know (it does not know the stage's type): the reason is required. */
function validateOpportunity(values: OpportunityFormValues, stage: PipelineStage | undefined) {
  const errors = validateWith(opportunityInputSchema, valuesToOpportunityInput(values, stage)).errors;
  if (stage?.type === 'lost' && !values.lost_reason_id) errors.lost_reason_id = CRM_MESSAGES.lostReasonRequired;
  return errors;
}

function Documents({ opportunity }: { opportunity: Opportunity }) {
  const { formatDate } = useDateFormat();
  const canWrite = useCanWrite();
  const create = useCreateDocument();
  const won = opportunity.stage_type === 'won';
  if (!won && opportunity.documents.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="documents-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="documents-title">
            Estimates and invoices
          </Title>
          {won && canWrite && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFileText size={14} aria-hidden />}
                disabled={opportunity.client_id === null}
                loading={create.busy === `estimate-${opportunity.id}`}
                onClick={() => void create.run('estimate', opportunity)}
              >
                Create estimate
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFileInvoice size={14} aria-hidden />}
                disabled={opportunity.client_id === null}
                loading={create.busy === `invoice-${opportunity.id}`}
                onClick={() => void create.run('invoice', opportunity)}
              >
                Create invoice
              </Button>
            </Group>
          )}
        </Group>
        {opportunity.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet. An estimate or invoice created here is linked to this opportunity.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table aria-label="Linked documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {opportunity.documents.map((document) => (
                  <Table.Tr key={`${document.kind}-${document.id}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={
                          document.kind === 'invoice'
                            ? paths.invoices.detail(document.id)
                            : paths.estimates.detail(document.id)
                        }
                      >
                        {document.kind === 'invoice' ? 'Invoice' : 'Estimate'} {document.number ?? '(draft)'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(document.issue_date)}</Table.Td>
                    <Table.Td>{document.status}</Table.Td>
                    <Table.Td ta="right">
                      <Money value={document.total} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={document.paid} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function OpportunityForm({ opportunity }: { opportunity: Opportunity | null }) {
  const toast = useToast();
  const ask = useAsk();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [params] = useSearchParams();
  const { stages } = useStages();
  const owners = useOwnerOptions();
  const sources = useSourceOptions(
    opportunity ? { id: opportunity.source_id, name: opportunity.source_name } : undefined,
  );
  const lostReasons = useLostReasonOptions();
  const [create] = useCreateOpportunityMutation();
  const [update] = useUpdateOpportunityMutation();
  const [remove, removeState] = useDeleteOpportunityMutation();
  const stageOf = (id: string) => stages.find((stage) => String(stage.id) === id);
  const { form, formError, saving, onSubmit } = useRecordForm<
    OpportunityFormValues,
    CrmWrite<Opportunity>,
    RequestError
  >({
    initialValues: opportunityToValues(opportunity, {
      clientId: params.get('client_id') ?? undefined,
      leadId: params.get('lead_id') ?? undefined,
    }),
    validate: (values) => validateOpportunity(values, stageOf(values.stage_id)),
    save: (values) => {
      const body = valuesToOpportunityInput(values, stageOf(values.stage_id));
      return opportunity ? update({ id: opportunity.id, body }) : create(body);
    },
    serverErrors: (error) => splitServerErrors(error, (key) => FIELDS.has(key), 'The opportunity could not be saved.'),
    onSaved: (saved) => {
      toast.show({
        severity: 'success',
        summary: saved.message ?? (opportunity ? CRM_MESSAGES.opportunityUpdated : CRM_MESSAGES.opportunityCreated),
      });
      return opportunity ? null : paths.crm.opportunities.edit(saved.data.id);
    },
  });
  const values = form.getValues();
  const stage = stageOf(values.stage_id);
  const fixedProbability = stage?.type === 'won' || stage?.type === 'lost';

  const onStage = (value: string | null) => {
    const next = stageOf(value ?? '');
    form.setFieldValue('stage_id', value ?? '');
    // The probability follows the stage: its default for an open stage, 100 won, 0 lost.
    form.setFieldValue('probability', next ? next.probability : '');
  };

  const onDelete = async () => {
    if (!opportunity) return;
    const yes = await ask({
      title: 'Delete opportunity?',
      message: `${opportunity.title} and its activities will be deleted. Linked invoices and estimates stay.`,
      confirmText: 'Delete',
      type: 'danger',
    });
    if (!yes) return;
    const result = await remove(opportunity.id);
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Not deleted',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message });
    navigate(paths.crm.opportunities.list);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Opportunity">
      <Card withBorder padding="md">
        <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {formError && <FormAlert>{formError}</FormAlert>}
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <ClientPicker
                label="Client"
                required={!values.lead_id}
                value={values.client_id || null}
                selectedLabel={values.client_label}
                onChange={(value, label) => {
                  form.setFieldValue('client_id', value ?? '');
                  form.setFieldValue('client_label', label ?? '');
                }}
                error={form.errors.client_id}
              />
              <LeadPicker
                label="Lead"
                description="For a lead that is not a client yet"
                value={values.lead_id || null}
                selectedLabel={values.lead_label}
                onChange={(value, label) => {
                  form.setFieldValue('lead_id', value ?? '');
                  form.setFieldValue('lead_label', label ?? '');
                }}
                error={form.errors.lead_id}
              />
              <AmountInput
                label="Amount"
                required
                prefix="$"
                thousandSeparator=","
                decimalScale={2}
                min={0}
                max={999999999.99}
                {...form.getInputProps('amount')}
              />
              <Select
                label="Stage"
                placeholder="The first open stage"
                data={stages.map(stageOption)}
                value={values.stage_id || null}
                onChange={onStage}
                error={form.errors.stage_id}
              />
              <NumberInput
                label="Probability (%)"
                description={
                  fixedProbability
                    ? 'Fixed by the stage type'
                    : stage
                      ? `The stage's default is ${stage.probability}%`
                      : "Empty: the stage's default"
                }
                min={0}
                max={100}
                allowDecimal={false}
                disabled={fixedProbability}
                {...form.getInputProps('probability')}
              />
              {stage?.type === 'lost' && (
                <>
                  <Select
                    label="Lost reason"
                    required
                    data={lostReasons.options}
                    {...form.getInputProps('lost_reason_id')}
                  />
                  <TextInput label="Lost note" {...form.getInputProps('lost_note')} />
                </>
              )}
              <DateField
                label="Expected close date"
                clearable
                value={values.expected_close_date || null}
                onChange={(value) => form.setFieldValue('expected_close_date', value)}
                error={form.errors.expected_close_date}
              />
              <Select
                label="Owner"
                placeholder="Unassigned"
                clearable
                data={owners}
                {...form.getInputProps('owner_user_id')}
              />
              <Select label="Source" placeholder="None" clearable data={sources} {...form.getInputProps('source_id')} />
            </SimpleGrid>
            <Textarea label="Notes" autosize minRows={3} {...form.getInputProps('notes')} />
            {canWrite && (
              <Group justify="space-between">
                {opportunity ? (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => void onDelete()}
                    loading={removeState.isLoading}
                  >
                    Delete
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="sm">
                  <Button variant="default" component={Link} to={paths.crm.opportunities.list}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={saving}>
                    {opportunity ? 'Save opportunity' : 'Create opportunity'}
                  </Button>
                </Group>
              </Group>
            )}
          </Stack>
        </fieldset>
      </Card>
    </form>
  );
}

/** /crm/opportunities/create (`?client_id=` picks the client, `?lead_id=` the lead). */
export function OpportunityCreatePage() {
  return (
    <>
      <BackLink to={paths.crm.opportunities.list}>All opportunities</BackLink>
      <PageHeader title="New opportunity" description="A possible sale to a client or a lead." />
      <CrmNav />
      <OpportunityForm opportunity={null} />
    </>
  );
}

/** /crm/opportunities/:id/edit: the form, its documents, the timeline with activities. */
export function OpportunityEditPage() {
  const { id, valid } = useRouteId();
  const query = useGetOpportunityQuery(id, { skip: !valid });
  const canWrite = useCanWrite();
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      errorTitle="The opportunity could not be loaded"
      notFound={
        <RecordNotFound
          title="Opportunity not found"
          backTo={paths.crm.opportunities.list}
          backLabel="Back to opportunities"
        />
      }
      header={<BackLink to={paths.crm.opportunities.list}>All opportunities</BackLink>}
    >
      {(opportunity) => (
        <>
          <BackLink to={paths.crm.opportunities.list}>All opportunities</BackLink>
          <PageHeader
            title={opportunity.title}
            description={
              <Group gap="xs" component="span">
                <StageBadge name={opportunity.stage_name} type={opportunity.stage_type} />
                <Money value={opportunity.amount} fw={600} /> · {opportunity.probability}% · weighted{' '}
                <Money value={opportunity.weighted_amount} />
                {opportunity.rotting && (
                  <Text span c="orange.7" fw={600}>
                    · Rotting ({opportunity.days_in_stage} days in stage)
                  </Text>
                )}
              </Group>
            }
          />
          <CrmNav />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <OpportunityForm key={`${opportunity.id}-${opportunity.updated_at}`} opportunity={opportunity} />
                <Documents opportunity={opportunity} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TimelineCard subject={{ opportunity_id: opportunity.id }} readOnly={!canWrite} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordLoader>
  );
}
