import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  leadConvertDefaults,
  leadConvertRequestSchema,
  validateWith,
  type Lead,
  type LeadConvertInput,
} from '@ledgerleaf/domain';
import { paths, splitServerErrors, type RequestError } from '@ledgerleaf/api';
import { useConvertLeadMutation, useLeadClientMatchesQuery } from '@ledgerleaf/api/crm';
import { AmountInput, DateField, FormAlert, useToast } from '@ledgerleaf/ui';
import { ClientPicker } from '../shared/client-picker';
import { idOrNull, stageOption, useOwnerOptions, useStages } from '../shared/options';

type ClientChoice = { kind: 'match'; id: string } | { kind: 'other' } | { kind: 'new' };

const MATCH_REASON = { email: 'same email', company_name: 'same company name' } as const;

/**
 * Convert a lead into an opportunity and a client, in one transaction on the server. A client whose
 * email or name matches the lead's is offered first (so the same company is not created twice); any
 * other existing client can be searched, or a new client made from the lead.
 */
export function ConvertLeadModal({ lead, opened, onClose }: { lead: Lead; opened: boolean; onClose: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const matches = useLeadClientMatchesQuery(lead.id, { skip: !opened });
  const { stages } = useStages();
  const owners = useOwnerOptions();
  const [convert, state] = useConvertLeadMutation();
  const defaults = leadConvertDefaults(lead);
  const newClient = defaults.client as Extract<LeadConvertInput['client'], { mode: 'new' }>;
  const [choice, setChoice] = useState<ClientChoice>({ kind: 'new' });
  const [otherId, setOtherId] = useState<string | null>(null);
  const [client, setClient] = useState({
    kind: newClient.kind ?? 'company',
    name: newClient.name,
    email: newClient.email ?? '',
    phone: newClient.phone ?? '',
  });
  const [opportunity, setOpportunity] = useState({
    title: defaults.opportunity.title,
    amount: defaults.opportunity.amount as number | string,
    stage_id: '',
    expected_close_date: '',
    owner_user_id: lead.owner_user_id ? String(lead.owner_user_id) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  // The first match is the suggestion: the same client should not be created twice.
  const firstMatch = matches.data?.[0]?.id;
  useEffect(() => {
    if (opened && firstMatch !== undefined) setChoice({ kind: 'match', id: String(firstMatch) });
  }, [opened, firstMatch]);

  const body = (): LeadConvertInput => ({
    client:
      choice.kind === 'match'
        ? { mode: 'existing', client_id: Number(choice.id) }
        : choice.kind === 'other'
          ? { mode: 'existing', client_id: idOrNull(otherId) ?? 0 }
          : { mode: 'new', kind: client.kind, name: client.name, email: client.email, phone: client.phone },
    opportunity: {
      title: opportunity.title,
      amount: opportunity.amount === '' ? Number.NaN : Number(opportunity.amount),
      stage_id: idOrNull(opportunity.stage_id),
      expected_close_date: opportunity.expected_close_date || null,
      owner_user_id: idOrNull(opportunity.owner_user_id),
      probability: null,
      notes: null,
    },
  });

  const submit = async () => {
    setAlert(null);
    const check = validateWith(leadConvertRequestSchema, body());
    if (!check.valid) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    const result = await convert({ id: lead.id, body: check.data });
    if ('error' in result) {
      const split = splitServerErrors(result.error as RequestError, () => true, 'The lead was not converted.');
      setErrors(split.fields);
      setAlert(split.message);
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message });
    onClose();
    navigate(paths.crm.opportunities.edit(result.data.data.opportunity_id));
  };

  const matchList = matches.data ?? [];
  const radioValue = choice.kind === 'match' ? `match-${choice.id}` : choice.kind;
  const clientError = errors['client.client_id'] ?? errors.client;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Convert ${lead.display_name}`}
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Converting creates an opportunity for a client. The lead then links to both and can no longer be changed.
        </Text>
        {alert && <FormAlert>{alert}</FormAlert>}
        <Stack gap="xs" component="section" aria-labelledby="convert-client">
          <Title order={3} size="h5" id="convert-client">
            Client
          </Title>
          {matches.isLoading && <Text size="sm">Looking for matching clients...</Text>}
          <Radio.Group
            aria-labelledby="convert-client"
            value={radioValue}
            onChange={(value) => {
              if (value.startsWith('match-')) setChoice({ kind: 'match', id: value.slice(6) });
              else setChoice({ kind: value as 'other' | 'new' });
            }}
            error={clientError}
          >
            <Stack gap="xs">
              {matchList.map((match) => (
                <Radio
                  key={match.id}
                  value={`match-${match.id}`}
                  label={`Use ${match.name}${match.email ? ` (${match.email})` : ''}`}
                  description={`An existing client with the ${MATCH_REASON[match.matched_on]}`}
                />
              ))}
              <Radio value="other" label="Another existing client" />
              <Radio value="new" label="Create a new client" />
            </Stack>
          </Radio.Group>
          {lead.person_name && (
            <Text size="sm" c="dimmed" data-testid="convert-contact">
              {choice.kind === 'new'
                ? `${lead.person_name} becomes the new client's primary contact.`
                : `${lead.person_name} is added to the client's contacts (unless already there).`}
            </Text>
          )}
          {choice.kind === 'other' && (
            <ClientPicker label="Existing client" value={otherId} onChange={(value) => setOtherId(value)} />
          )}
          {choice.kind === 'new' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Client name"
                required
                value={client.name}
                onChange={(event) => setClient({ ...client, name: event.currentTarget.value })}
                error={errors['client.name']}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="convert-kind">
                  Kind
                </Text>
                <SegmentedControl
                  aria-labelledby="convert-kind"
                  value={client.kind}
                  onChange={(value) => setClient({ ...client, kind: value as 'company' | 'person' })}
                  data={[
                    { value: 'company', label: 'Company' },
                    { value: 'person', label: 'Person' },
                  ]}
                />
              </Stack>
              <TextInput
                label="Client email"
                type="email"
                value={client.email}
                onChange={(event) => setClient({ ...client, email: event.currentTarget.value })}
                error={errors['client.email']}
              />
              <TextInput
                label="Client phone"
                type="tel"
                value={client.phone}
                onChange={(event) => setClient({ ...client, phone: event.currentTarget.value })}
                error={errors['client.phone']}
              />
            </SimpleGrid>
          )}
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="convert-opportunity">
          <Title order={3} size="h5" id="convert-opportunity">
            Opportunity
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Title"
              required
              value={opportunity.title}
              onChange={(event) => setOpportunity({ ...opportunity, title: event.currentTarget.value })}
              error={errors['opportunity.title']}
            />
            <AmountInput
              label="Amount"
              required
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              min={0}
              max={999999999.99}
              value={opportunity.amount}
              onChange={(value) => setOpportunity({ ...opportunity, amount: value })}
              error={errors['opportunity.amount']}
            />
            <Select
              label="Stage"
              placeholder="The first open stage"
              clearable
              data={stages.filter((stage) => stage.type === 'open').map(stageOption)}
              value={opportunity.stage_id || null}
              onChange={(value) => setOpportunity({ ...opportunity, stage_id: value ?? '' })}
              error={errors['opportunity.stage_id']}
            />
            <DateField
              label="Expected close date"
              clearable
              value={opportunity.expected_close_date || null}
              onChange={(value) => setOpportunity({ ...opportunity, expected_close_date: value })}
              error={errors['opportunity.expected_close_date']}
            />
            <Select
              label="Owner"
              placeholder="Unassigned"
              clearable
              data={owners}
              value={opportunity.owner_user_id || null}
              onChange={(value) => setOpportunity({ ...opportunity, owner_user_id: value ?? '' })}
              error={errors['opportunity.owner_user_id']}
            />
          </SimpleGrid>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={state.isLoading}>
            Convert lead
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
