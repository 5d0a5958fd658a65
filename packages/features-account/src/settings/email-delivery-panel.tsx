import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMAIL_DELIVERY_MESSAGES,
  SMTP_SECURITY,
  SMTP_SECURITY_LABELS,
  emailDeliverySettingsSchema,
  validateWith,
  type EmailDeliverySettingsInput,
  type EmailDeliveryView,
  type SmtpSecurity,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  loadErrorMessage,
  splitServerErrors,
  useGetEmailDeliveryQuery,
  useRemoveEmailDeliveryMutation,
  useSaveEmailDeliveryMutation,
  useTestEmailDeliveryMutation,
} from '@ledgerleaf/api';
import { CardSkeleton, FormAlert, LoadError, useToast } from '@ledgerleaf/ui';

interface Values {
  host: string;
  port: number | string;
  security: SmtpSecurity;
  username: string;
  /** A new password; empty keeps the stored one. */
  password: string;
  from_address: string;
}

/** The usual port of each security: choosing one fills it in while the port is still another's default. */
const DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

const toRequest = (values: Values): EmailDeliverySettingsInput => ({
  host: values.host,
  port: values.port === '' ? Number.NaN : Number(values.port),
  security: values.security,
  username: values.username,
  ...(values.password === '' ? {} : { password: values.password }),
  from_address: values.from_address,
});

const valuesOf = (view: EmailDeliveryView): Values => ({
  host: view.settings?.host ?? '',
  port: view.settings?.port ?? DEFAULT_PORTS.starttls,
  security: view.settings?.security ?? 'starttls',
  username: view.settings?.username ?? '',
  password: '',
  from_address: view.settings?.from_address ?? '',
});

/** What the test button last answered: the mail server's word, good or bad. */
interface TestResult {
  ok: boolean;
  message: string;
}

function EmailDeliveryForm({ view }: { view: EmailDeliveryView }) {
  const toast = useToast();
  const [save, saveState] = useSaveEmailDeliveryMutation();
  const [remove, removeState] = useRemoveEmailDeliveryMutation();
  const [test, testState] = useTestEmailDeliveryMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<TestResult | null>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(view),
    validate: (values) => validateWith(emailDeliverySettingsSchema, toRequest(values)).errors,
  });
  const passwordSet = view.settings?.password_set ?? false;

  const submit = async (values: Values) => {
    setFormError(null);
    setTestResult(null);
    const result = await save(toRequest(values));
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'Email delivery could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.setValues(valuesOf(result.data));
    form.resetDirty(valuesOf(result.data));
    toast.show({ severity: 'success', summary: EMAIL_DELIVERY_MESSAGES.saved });
  };

  const sendTest = async () => {
    setTestResult(null);
    const result = await test({});
    if ('error' in result) {
      setTestResult({ ok: false, message: errorMessage(result.error, 'The test email could not be sent.') });
      return;
    }
    setTestResult({ ok: result.data.data.delivery === 'delivered', message: result.data.message });
  };

  const onRemove = async () => {
    const result = await remove();
    if ('error' in result) {
      setFormError(errorMessage(result.error, 'Email delivery could not be removed.'));
      return;
    }
    form.setValues(valuesOf(result.data));
    form.resetDirty(valuesOf(result.data));
    setTestResult(null);
    toast.show({ severity: 'success', summary: EMAIL_DELIVERY_MESSAGES.removed });
  };

  const securityProps = form.getInputProps('security');
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Email delivery">
      <Stack gap="md" maw={640}>
        {formError && <FormAlert>{formError}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="SMTP host"
            placeholder="smtp.example.com"
            required
            autoComplete="off"
            style={{ gridColumn: 'span 2' }}
            {...form.getInputProps('host')}
          />
          <NumberInput
            label="Port"
            required
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('port')}
          />
        </SimpleGrid>
        <Select
          label="Security"
          description="STARTTLS upgrades a plain connection (usually port 587); TLS encrypts from the start (usually port 465)."
          data={SMTP_SECURITY.map((value) => ({ value, label: SMTP_SECURITY_LABELS[value] }))}
          allowDeselect={false}
          {...securityProps}
          onChange={(value) => {
            if (!value) return;
            const security = value as SmtpSecurity;
            const port = Number(form.values.port);
            if (Object.values(DEFAULT_PORTS).includes(port) || form.values.port === '')
              form.setFieldValue('port', DEFAULT_PORTS[security]);
            form.setFieldValue('security', security);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="User" autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={passwordSet ? 'A password is saved. Leave this empty to keep it.' : undefined}
            placeholder={passwordSet ? '••••••••' : undefined}
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <TextInput
          label="From address"
          description="Your clients see email from this address; your mail server must allow it."
          type="email"
          required
          {...form.getInputProps('from_address')}
        />
        <Group>
          <Button type="submit" loading={saveState.isLoading} disabled={!form.isDirty()}>
            Save email delivery
          </Button>
          <Button
            variant="default"
            onClick={() => void sendTest()}
            loading={testState.isLoading}
            disabled={view.source === 'none' || form.isDirty()}
          >
            Send a test email
          </Button>
          {view.settings && (
            <Button variant="subtle" color="red" onClick={() => void onRemove()} loading={removeState.isLoading}>
              Remove
            </Button>
          )}
        </Group>
        {form.isDirty() && view.source !== 'none' && (
          <Text size="xs" c="dimmed">
            Save the changes to test them.
          </Text>
        )}
        {testResult && (
          <Alert
            color={testResult.ok ? 'teal' : 'red'}
            variant="light"
            title={testResult.ok ? 'Test email delivered' : 'Test email not delivered'}
            role="status"
          >
            {testResult.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/**
 * Settings > Email delivery (owners): the business's outgoing mail server. Until it is set up (or
 * SMTP_URL is set on the server, which wins), email is kept in the outbox and nobody receives it.
 */
export function EmailDeliveryPanel() {
  const query = useGetEmailDeliveryQuery();
  if (query.isLoading) return <CardSkeleton lines={6} />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="Email delivery could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const view = query.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {view.source === 'environment' ? (
          <Alert variant="light" color="blue" title="Email is set up on the server">
            {EMAIL_DELIVERY_MESSAGES.environmentWins}
          </Alert>
        ) : view.source === 'none' ? (
          <Alert variant="light" color="blue" title="Email is not set up">
            Invoices, estimates, receipts and reminders are kept in the outbox (Settings &gt; Sent emails): your clients
            do not receive them. Enter your mail server below to send them.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            Your business sends its email through this mail server.
          </Text>
        )}
        <EmailDeliveryForm view={view} />
      </Stack>
    </Card>
  );
}
