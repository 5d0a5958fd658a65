import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconArrowRightCircle, IconLock } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  LEAD_EDITABLE_STATUSES,
  LEAD_STATUS_LABELS,
  leadInputSchema,
  validateWith,
  type Lead,
  type LeadInput,
} from '@ledgerleaf/domain';
import {
  paths,
  queryState,
  useCanWrite,
  useDateFormat,
  type CrmWrite,
  splitServerErrors,
  type RequestError,
} from '@ledgerleaf/api';
import { useCreateLeadMutation, useGetLeadQuery, useUpdateLeadMutation } from '@ledgerleaf/api/crm';
import { AmountInput, FormAlert, PageHeader, useToast } from '@ledgerleaf/ui';
import { BackLink, RecordLoader, RecordNotFound, useRouteId, useRecordForm } from '@ledgerleaf/ui/routing';
import { CrmNav } from '../shared/crm-nav';
import { LeadStatusBadge } from '../shared/labels';
import { idOrNull, useOwnerOptions, useSourceOptions } from '../shared/options';
import { TimelineCard } from '../shared/timeline-card';
import { ConvertLeadModal } from './convert-lead-modal';

export interface LeadFormValues {
  person_name: string;
  company_name: string;
  email: string;
  phone: string;
  source_id: string;
  status: string;
  owner_user_id: string;
  estimated_value: number | string;
  notes: string;
}

const FIELDS = new Set<string>([
  'person_name',
  'company_name',
  'email',
  'phone',
  'source_id',
  'status',
  'owner_user_id',
  'estimated_value',
  'notes',
]);

export function leadToValues(lead: Lead | null): LeadFormValues {
  return {
    person_name: lead?.person_name ?? '',
    company_name: lead?.company_name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    source_id: lead?.source_id ? String(lead.source_id) : '',
    status: lead && lead.status !== 'converted' ? lead.status : 'new',
    owner_user_id: lead?.owner_user_id ? String(lead.owner_user_id) : '',
    estimated_value: lead?.estimated_value ?? '',
    notes: lead?.notes ?? '',
  };
}

export function valuesToLeadInput(values: LeadFormValues): LeadInput {
  return {
    person_name: values.person_name,
    company_name: values.company_name,
    email: values.email,
    phone: values.phone,
    source_id: idOrNull(values.source_id),
    status: values.status as LeadInput['status'],
    owner_user_id: idOrNull(values.owner_user_id),
    estimated_value: values.estimated_value === '' ? null : Number(values.estimated_value),
    notes: values.notes,
  };
}

/** The lead's form: create, or edit (read-only once converted, or for a role that may not write). */
function LeadForm({ lead }: { lead: Lead | null }) {
  const toast = useToast();
  const canWrite = useCanWrite();
  const owners = useOwnerOptions();
  const sources = useSourceOptions(lead ? { id: lead.source_id, name: lead.source_name } : undefined);
  const [create] = useCreateLeadMutation();
  const [update] = useUpdateLeadMutation();
  const readOnly = !canWrite || (lead?.read_only ?? false);
  const { form, formError, saving, onSubmit } = useRecordForm<LeadFormValues, CrmWrite<Lead>, RequestError>({
    initialValues: leadToValues(lead),
    validate: (values) => validateWith(leadInputSchema, valuesToLeadInput(values)).errors,
    save: (values) => {
      const body = valuesToLeadInput(values);
      return lead ? update({ id: lead.id, body }) : create(body);
    },
    serverErrors: (error) => splitServerErrors(error, (key) => FIELDS.has(key), 'The lead could not be saved.'),
    onSaved: (saved) => {
      toast.show({
        severity: 'success',
        summary: saved.message ?? (lead ? CRM_MESSAGES.leadUpdated : CRM_MESSAGES.leadCreated),
      });
      return lead ? null : paths.crm.leads.edit(saved.data.id);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Lead">
      <Card withBorder padding="md">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {formError && <FormAlert>{formError}</FormAlert>}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Person's name" autoComplete="off" {...form.getInputProps('person_name')} />
              <TextInput label="Company name" autoComplete="off" {...form.getInputProps('company_name')} />
              <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
              <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
              <Select label="Source" placeholder="None" clearable data={sources} {...form.getInputProps('source_id')} />
              <Select
                label="Status"
                data={LEAD_EDITABLE_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <Select
                label="Owner"
                placeholder={lead ? 'Unassigned' : 'The default owner'}
                clearable
                data={owners}
                {...form.getInputProps('owner_user_id')}
              />
              <AmountInput
                label="Estimated value"
                prefix="$"
                thousandSeparator=","
                decimalScale={2}
                min={0}
                max={999999999.99}
                {...form.getInputProps('estimated_value')}
              />
            </SimpleGrid>
            <Textarea label="Notes" autosize minRows={3} {...form.getInputProps('notes')} />
            {!readOnly && (
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={paths.crm.leads.list}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {lead ? 'Save lead' : 'Create lead'}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </Card>
    </form>
  );
}

/** What a converted lead became, with links (it is read-only from then on). */
function ConversionNote({ lead }: { lead: Lead }) {
  const { formatDateTime } = useDateFormat();
  const conversion = lead.conversion;
  if (!conversion) return null;
  return (
    <Alert color="leaf" variant="light" icon={<IconLock size={20} aria-hidden />} title="Converted">
      <Text size="sm">
        Converted {formatDateTime(conversion.converted_at)}. {CRM_MESSAGES.leadReadOnly}
      </Text>
      <Group gap="md" mt={4}>
        {conversion.client_id && (
          <Anchor
            component={Link}
            to={`${paths.crm.client360}?client=${conversion.client_id}`}
            size="sm"
            c="var(--mantine-color-text)"
            underline="always"
          >
            Client: {conversion.client_name}
          </Anchor>
        )}
        {conversion.opportunity_id && (
          <Anchor
            component={Link}
            to={paths.crm.opportunities.edit(conversion.opportunity_id)}
            size="sm"
            c="var(--mantine-color-text)"
            underline="always"
          >
            Opportunity: {conversion.opportunity_title}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}

/** /crm/leads/create */
export function LeadCreatePage() {
  return (
    <>
      <BackLink to={paths.crm.leads.list}>All leads</BackLink>
      <PageHeader title="New lead" description="A person or company that may buy." />
      <CrmNav />
      <LeadForm lead={null} />
    </>
  );
}

/** /crm/leads/:id/edit: the form, the timeline and Convert (read-only once converted). */
export function LeadEditPage() {
  const { id, valid } = useRouteId();
  const query = useGetLeadQuery(id, { skip: !valid });
  const canWrite = useCanWrite();
  const [converting, setConverting] = useState(false);
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      errorTitle="The lead could not be loaded"
      notFound={<RecordNotFound title="Lead not found" backTo={paths.crm.leads.list} backLabel="Back to leads" />}
      header={<BackLink to={paths.crm.leads.list}>All leads</BackLink>}
    >
      {(lead) => (
        <>
          <BackLink to={paths.crm.leads.list}>All leads</BackLink>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                {lead.display_name} <LeadStatusBadge status={lead.status} />
              </Group>
            }
            description={lead.person_name && lead.company_name ? lead.company_name : undefined}
            actions={
              canWrite && !lead.read_only ? (
                <Button
                  leftSection={<IconArrowRightCircle size={16} aria-hidden />}
                  onClick={() => setConverting(true)}
                >
                  Convert
                </Button>
              ) : undefined
            }
          />
          <CrmNav />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <ConversionNote lead={lead} />
                <LeadForm key={`${lead.id}-${lead.updated_at}`} lead={lead} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TimelineCard subject={{ lead_id: lead.id }} readOnly={!canWrite} />
            </Grid.Col>
          </Grid>
          {canWrite && !lead.read_only && (
            <ConvertLeadModal lead={lead} opened={converting} onClose={() => setConverting(false)} />
          )}
        </>
      )}
    </RecordLoader>
  );
}
