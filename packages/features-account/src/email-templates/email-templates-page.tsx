import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_MESSAGES,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  PLACEHOLDER_LABELS,
  SAMPLE_EMAIL_VALUES,
  emailTemplateRequestSchema,
  renderEmailTemplate,
  validateWith,
  type EmailTemplateView,
} from '@ledgerleaf/domain';
import {
  splitServerErrors,
  useAccess,
  useListEmailTemplatesQuery,
  useResetEmailTemplateMutation,
  useSaveEmailTemplateMutation,
  loadErrorMessage,
  paths,
} from '@ledgerleaf/api';
import { CardSkeleton, PageHeader, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';
import { useAsk } from '../shared/confirm';

function TemplateEditor({ template, readOnly }: { template: EmailTemplateView; readOnly: boolean }) {
  const toast = useToast();
  const ask = useAsk();
  const [save, saveState] = useSaveEmailTemplateMutation();
  const [reset, resetState] = useResetEmailTemplateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { subject: template.subject, body: template.body },
    validate: (values) => validateWith(emailTemplateRequestSchema(template.key), values).errors,
  });
  // The same renderer the server uses: escaped values, one-line subject.
  const preview = renderEmailTemplate(form.values, SAMPLE_EMAIL_VALUES);

  const submit = async (values: { subject: string; body: string }) => {
    setFormError(null);
    const result = await save({ key: template.key, ...values });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The template could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.resetDirty(values);
    toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.templateSaved });
  };
  const onReset = async () => {
    if (
      !(await ask({
        title: 'Reset to the default text?',
        message: `Your ${template.label.toLowerCase()} email text will be replaced by the default.`,
        confirmText: 'Reset',
        type: 'warning',
      }))
    )
      return;
    const result = await reset(template.key);
    if ('error' in result) {
      setFormError(splitServerErrors(result.error, () => false, 'The template could not be reset.').message);
      return;
    }
    form.setValues({ subject: result.data.subject, body: result.data.body });
    form.resetDirty({ subject: result.data.subject, body: result.data.body });
    toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.templateReset });
  };
  const insert = (name: string) => form.setFieldValue('body', `${form.values.body}{{${name}}}`);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {template.label}
              </Title>
              {template.is_default ? (
                <Badge variant="light">Default text</Badge>
              ) : (
                <Badge variant="light" color="grape">
                  Customised
                </Badge>
              )}
            </Group>
            {formError && <FormAlert>{formError}</FormAlert>}
            <TextInput
              label="Subject"
              maxLength={EMAIL_SUBJECT_MAX}
              readOnly={readOnly}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label="Message"
              autosize
              minRows={10}
              maxLength={EMAIL_BODY_MAX}
              readOnly={readOnly}
              {...form.getInputProps('body')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Placeholders
              </Text>
              <Group gap={6}>
                {template.placeholders.map((name) => (
                  <Button
                    key={name}
                    size="compact-xs"
                    variant="light"
                    disabled={readOnly}
                    onClick={() => insert(name)}
                    aria-label={`Insert ${PLACEHOLDER_LABELS[name as keyof typeof PLACEHOLDER_LABELS] ?? name}`}
                  >
                    {`{{${name}}}`}
                  </Button>
                ))}
              </Group>
            </Stack>
            {!readOnly && (
              <Group>
                <Button type="submit" loading={saveState.isLoading} disabled={!form.isDirty()}>
                  Save template
                </Button>
                <Button
                  variant="default"
                  loading={resetState.isLoading}
                  disabled={template.is_default && !form.isDirty()}
                  onClick={() => void onReset()}
                >
                  Reset to default
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg" aria-label="Preview">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Preview
          </Title>
          <Text size="xs" c="dimmed">
            With sample values. Values are inserted as plain text: a client name cannot add markup.
          </Text>
          <Text size="sm">
            <strong>Subject:</strong> <span data-testid="preview-subject">{preview.subject}</span>
          </Text>
          <Code block data-testid="preview-body" style={{ whiteSpace: 'pre-wrap' }}>
            {preview.text}
          </Code>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/** /user/settings/email-templates: subject and body of every email the product sends, with a live preview. */
export function EmailTemplatesPage() {
  const query = useListEmailTemplatesQuery();
  const access = useAccess();
  const [selected, setSelected] = useState<string>('invoice');
  const templates = query.data ?? [];
  const template = templates.find((candidate) => candidate.key === selected) ?? templates[0];
  return (
    <>
      <PageHeader
        title="Email templates"
        description="What your clients (and your team, for password resets) receive."
        actions={
          <Anchor component={Link} to={paths.settings.root} size="sm">
            Back to settings
          </Anchor>
        }
      />
      {!access.isAdmin && (
        <Alert variant="light" color="gray" mb="md">
          Only an owner or an admin can change email templates.
        </Alert>
      )}
      {query.isLoading ? (
        <CardSkeleton lines={6} />
      ) : query.isError || !template ? (
        <LoadError
          title="Email templates could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Card withBorder padding="xs" w={220} component="nav" aria-label="Emails">
            {templates.map((candidate) => (
              <NavLink
                component="button"
                type="button"
                key={candidate.key}
                label={candidate.label}
                active={candidate.key === template.key}
                onClick={() => setSelected(candidate.key)}
                aria-current={candidate.key === template.key ? 'true' : undefined}
                rightSection={
                  candidate.is_default ? undefined : (
                    <Badge size="xs" variant="dot" color="grape">
                      edited
                    </Badge>
                  )
                }
              />
            ))}
          </Card>
          <div style={{ flex: 1, minWidth: 280 }}>
            <TemplateEditor key={template.key} template={template} readOnly={!access.isAdmin} />
          </div>
        </Group>
      )}
    </>
  );
}
