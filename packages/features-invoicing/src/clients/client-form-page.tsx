import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CATALOG_MESSAGES,
  DEFAULT_PAYMENT_TERMS_DAYS,
  MAX_CONTACTS,
  MAX_PAYMENT_TERMS_DAYS,
  type Client,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useCreateClientMutation,
  useGetClientQuery,
  useGetInvoicingSettingsQuery,
  useRestoreClientMutation,
  useUpdateClientMutation,
  paths,
  queryState,
  splitServerErrors,
  type RequestError,
} from '@ledgerleaf/api';
import { PageHeader, useToast } from '@ledgerleaf/ui';
import { RecordNotFound, useRouteId, useRecordForm } from '@ledgerleaf/ui/routing';
import { CatalogEditFrame, FormActions, FormFields, FormSection, FormSkeleton } from '../shared/record-form';
import {
  clientToValues,
  emptyClientValues,
  isClientField,
  newContact,
  validateClient,
  valuesToRequest,
  type ClientFormValues,
} from './client-form';

type Form = UseFormReturnType<ClientFormValues>;

function AddressFields({
  form,
  prefix,
  legend,
}: {
  form: Form;
  prefix: 'billing_address' | 'shipping_address';
  legend: string;
}) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {legend}
      </Text>
      <TextInput
        label="Address line 1"
        autoComplete={`${prefix === 'billing_address' ? 'billing' : 'shipping'} address-line1`}
        {...form.getInputProps(`${prefix}.line1`)}
      />
      <TextInput
        label="Address line 2"
        autoComplete={`${prefix === 'billing_address' ? 'billing' : 'shipping'} address-line2`}
        {...form.getInputProps(`${prefix}.line2`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="City" {...form.getInputProps(`${prefix}.city`)} />
        <TextInput label="State / region" {...form.getInputProps(`${prefix}.state`)} />
        <TextInput label="Postal code" {...form.getInputProps(`${prefix}.postal_code`)} />
        <TextInput label="Country" {...form.getInputProps(`${prefix}.country`)} />
      </SimpleGrid>
    </Stack>
  );
}

function ContactsEditor({ form }: { form: Form }) {
  const contacts = form.getValues().contacts;
  const primaryIndex = contacts.findIndex((contact) => contact.is_primary);

  const setPrimary = (index: number) => {
    form.setFieldValue(
      'contacts',
      form.getValues().contacts.map((contact, i) => ({ ...contact, is_primary: i === index })),
    );
  };

  const remove = (index: number) => {
    const rest = form.getValues().contacts.filter((_, i) => i !== index);
    // The primary contact leaves: the first remaining one takes over, so there is always exactly one.
    if (rest.length > 0 && !rest.some((contact) => contact.is_primary)) rest[0] = { ...rest[0]!, is_primary: true };
    form.setFieldValue('contacts', rest);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Contacts
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={contacts.length >= MAX_CONTACTS}
          onClick={() => form.insertListItem('contacts', newContact(contacts.length === 0))}
        >
          Add contact
        </Button>
      </Group>
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contacts yet. Invoices go to the primary contact&apos;s email, or the client&apos;s email when there is
          none.
        </Text>
      ) : (
        <Radio.Group
          value={primaryIndex >= 0 ? String(primaryIndex) : null}
          onChange={(value) => setPrimary(Number(value))}
          label="Primary contact"
          error={form.errors.contacts}
        >
          <Stack gap="sm" mt="xs">
            {contacts.map((contact, index) => (
              <Card key={contact.key} withBorder padding="sm" data-testid="contact-row">
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                    <TextInput
                      label={`Contact ${index + 1} name`}
                      required
                      {...form.getInputProps(`contacts.${index}.name`)}
                    />
                    <TextInput
                      label={`Contact ${index + 1} email`}
                      type="email"
                      {...form.getInputProps(`contacts.${index}.email`)}
                    />
                    <TextInput
                      label={`Contact ${index + 1} phone`}
                      type="tel"
                      {...form.getInputProps(`contacts.${index}.phone`)}
                    />
                  </SimpleGrid>
                  <Stack gap={6} align="center" pt={26}>
                    <Radio
                      value={String(index)}
                      aria-label={`Contact ${index + 1} is primary`}
                      label="Primary"
                      size="xs"
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove contact ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** With `readOnly` (an existing client and the read-only role) the form is the client's view: every field off, no save. */
function ClientForm({
  client,
  defaultTerms,
  readOnly = false,
}: {
  client?: Client;
  defaultTerms: number;
  readOnly?: boolean;
}) {
  const toast = useToast();
  const [createClient] = useCreateClientMutation();
  const [updateClient] = useUpdateClientMutation();
  const { form, formError, saving, onSubmit } = useRecordForm<ClientFormValues, Client, RequestError>({
    initialValues: client ? clientToValues(client) : emptyClientValues(defaultTerms),
    validate: validateClient,
    save: (valid) => {
      const body = valuesToRequest(valid);
      return client ? updateClient({ id: client.id, body }) : createClient(body);
    },
    serverErrors: (error) => splitServerErrors(error, isClientField, 'The client could not be saved.'),
    onSaved: (saved) => {
      toast.show({ severity: 'success', summary: client ? 'Client saved' : 'Client created', detail: saved.name });
      return paths.clients.list;
    },
  });
  const values = form.getValues();

  return (
    <FormFields onSubmit={onSubmit} formError={formError} readOnly={readOnly}>
      <FormSection title="Details">
        <SegmentedControl
          aria-label="Client type"
          value={values.kind}
          onChange={(value) => form.setFieldValue('kind', value as ClientFormValues['kind'])}
          data={[
            { label: 'Company', value: 'company' },
            { label: 'Person', value: 'person' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <TextInput
          label={values.kind === 'company' ? 'Company name' : 'Full name'}
          required
          maxLength={255}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <NumberInput
            label="Payment terms (net days)"
            description={`Days until an invoice is due; your default is ${defaultTerms}.`}
            min={0}
            max={MAX_PAYMENT_TERMS_DAYS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('payment_terms_days')}
          />
          <TextInput label="Tax ID" description="VAT, EIN or other tax number" {...form.getInputProps('tax_id')} />
        </SimpleGrid>
        <Switch
          label="Active"
          description="Inactive clients stay in your records but are flagged in lists."
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
      </FormSection>

      <FormSection title="Addresses">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <AddressFields form={form} prefix="billing_address" legend="Billing address" />
          <Stack gap="sm">
            <Checkbox
              label="Shipping address same as billing"
              checked={values.same_as_billing}
              onChange={(event) => {
                const same = event.currentTarget.checked;
                const current = form.getValues();
                // Unticking starts the shipping address from the billing one, which is usually close.
                if (!same && Object.values(current.shipping_address).every((line) => line === '')) {
                  form.setFieldValue('shipping_address', { ...current.billing_address });
                }
                form.setFieldValue('same_as_billing', same);
              }}
            />
            {!values.same_as_billing && (
              <AddressFields form={form} prefix="shipping_address" legend="Shipping address" />
            )}
          </Stack>
        </SimpleGrid>
      </FormSection>

      <Card withBorder padding="lg">
        <ContactsEditor form={form} />
      </Card>

      <Card withBorder padding="lg">
        <Textarea
          label="Notes"
          description="Only you see these."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('notes')}
        />
      </Card>

      <FormActions
        cancelTo={paths.clients.list}
        submitLabel={client ? 'Save changes' : 'Create client'}
        saving={saving}
        readOnly={readOnly}
      />
    </FormFields>
  );
}

const CLIENT_FORM_CARDS = [4, 3];

/** /clients/create */
export function ClientCreatePage() {
  const settings = useGetInvoicingSettingsQuery();
  return (
    <>
      <PageHeader title="New client" description="Add a company or person you invoice." />
      {settings.isLoading ? (
        <FormSkeleton cards={CLIENT_FORM_CARDS} />
      ) : (
        // Settings that fail to load leave the standard default: the server applies the real one when the field is empty.
        <ClientForm defaultTerms={settings.data?.default_payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS} />
      )}
    </>
  );
}

/** /clients/:id/edit */
export function ClientEditPage() {
  const { id, valid } = useRouteId();
  const client = useGetClientQuery(id, { skip: !valid });
  const settings = useGetInvoicingSettingsQuery();
  const defaultTerms = settings.data?.default_payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const [restore, restoreState] = useRestoreClientMutation();
  // The read-only role opens a client here too (the list links its name): it reads the client and changes nothing.
  const readOnly = !useCanWrite();
  const state = queryState(client);

  if (!valid || state.notFound) {
    return (
      <RecordNotFound title={CATALOG_MESSAGES.clientNotFound} backTo={paths.clients.list} backLabel="Back to clients" />
    );
  }
  return (
    <CatalogEditFrame
      record={client.data}
      noun="client"
      readOnly={readOnly}
      onRestore={(clientId) => void restore(clientId)}
      restoring={restoreState.isLoading}
      state={state}
      errorTitle="The client could not be loaded"
      skeletonCards={CLIENT_FORM_CARDS}
    >
      {(loaded) => <ClientForm key={loaded.id} client={loaded} defaultTerms={defaultTerms} readOnly={readOnly} />}
    </CatalogEditFrame>
  );
}
