import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Checkbox, Grid, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  CRM_RATE_WINDOWS,
  crmSettingsInputSchema,
  validateWith,
  type CrmSettings,
} from '@ledgerleaf/domain';
import { paths, queryState, splitServerErrors, useAccess, type RequestError } from '@ledgerleaf/api';
import {
  useCreateLostReasonMutation,
  useDeleteLostReasonMutation,
  useGetCrmSettingsQuery,
  useListLostReasonsQuery,
  useSetLostReasonArchivedMutation,
  useUpdateCrmSettingsMutation,
  useUpdateLostReasonMutation,
} from '@ledgerleaf/api/crm';
import { CardSkeleton, FormAlert, LoadError, PageHeader, useToast } from '@ledgerleaf/ui';
import { CrmNav } from '../shared/crm-nav';
import { useOwnerOptions } from '../shared/options';
import { NamedItems, namedItemCalls } from './named-items';

const CONFIG_LINKS = [
  {
    to: paths.crm.pipelineStages,
    label: 'Pipeline stages',
    text: 'Stages, their order, colours, probabilities and rotting days.',
  },
  { to: paths.crm.leadSources, label: 'Lead sources', text: 'Where leads come from.' },
  {
    to: paths.crm.activityTypes,
    label: 'Activity types',
    text: 'Calls, emails, meetings... with their default due time and reminder.',
  },
];

function SettingsForm({ settings, canManage }: { settings: CrmSettings; canManage: boolean }) {
  const toast = useToast();
  const owners = useOwnerOptions();
  const [save, saveState] = useUpdateCrmSettingsMutation();
  const [values, setValues] = useState({
    rate_window_days: String(settings.rate_window_days),
    reminder_in_app: settings.reminder_in_app,
    reminder_email: settings.reminder_email,
    default_owner_user_id: settings.default_owner_user_id ? String(settings.default_owner_user_id) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async () => {
    setAlert(null);
    const check = validateWith(crmSettingsInputSchema, {
      rate_window_days: Number(values.rate_window_days),
      reminder_in_app: values.reminder_in_app,
      reminder_email: values.reminder_email,
      default_owner_user_id: values.default_owner_user_id || null,
    });
    if (!check.valid) {
      setErrors(check.errors);
      return;
    }
    const result = await save(check.data);
    if ('error' in result) {
      const split = splitServerErrors(
        result.error as RequestError,
        (key) => key in values,
        'The settings were not saved.',
      );
      setErrors(split.fields);
      setAlert(split.message);
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message ?? CRM_MESSAGES.settingsSaved });
  };

  return (
    <form
      noValidate
      aria-label="CRM settings"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {alert && <FormAlert>{alert}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Rates over the last"
              description="The window of the win rate and the lead conversion rate"
              data={CRM_RATE_WINDOWS.map((days) => ({ value: String(days), label: `${days} days` }))}
              allowDeselect={false}
              value={values.rate_window_days}
              onChange={(value) => setValues({ ...values, rate_window_days: value ?? '90' })}
              error={errors.rate_window_days}
            />
            <Select
              label="Default owner of new leads"
              description="Empty: the person who creates the lead"
              placeholder="The person creating it"
              clearable
              data={owners}
              value={values.default_owner_user_id || null}
              onChange={(value) => setValues({ ...values, default_owner_user_id: value ?? '' })}
              error={errors.default_owner_user_id}
            />
          </SimpleGrid>
          <Stack gap={6} role="group" aria-labelledby="settings-channels">
            <Text size="sm" fw={500} id="settings-channels">
              Deliver activity reminders
            </Text>
            <Group gap="lg">
              <Checkbox
                label="In the app"
                checked={values.reminder_in_app}
                onChange={(event) => setValues({ ...values, reminder_in_app: event.currentTarget.checked })}
              />
              <Checkbox
                label="By email"
                checked={values.reminder_email}
                onChange={(event) => setValues({ ...values, reminder_email: event.currentTarget.checked })}
              />
            </Group>
            {(errors.reminder_in_app ?? errors.reminder_email) && (
              <Text size="xs" c="var(--mantine-color-error)" role="alert">
                {errors.reminder_in_app ?? errors.reminder_email}
              </Text>
            )}
          </Stack>
          {canManage && (
            <Group justify="flex-end">
              <Button type="submit" loading={saveState.isLoading}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

/**
 * /crm/settings: the rate window, reminder delivery, the default owner of new leads, the lost
 * reasons, and links to the stages, sources and activity types. Owners and admins change them;
 * everyone else reads them.
 */
export function CrmSettingsPage() {
  const { isAdmin } = useAccess();
  const settings = queryState(useGetCrmSettingsQuery());
  const reasons = queryState(useListLostReasonsQuery({ include_archived: true }));
  const [create] = useCreateLostReasonMutation();
  const [update] = useUpdateLostReasonMutation();
  const [setArchived] = useSetLostReasonArchivedMutation();
  const [remove] = useDeleteLostReasonMutation();
  return (
    <>
      <PageHeader title="CRM settings" description="How the CRM works for your business." />
      <CrmNav />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Card withBorder padding="md" component="section" aria-labelledby="settings-general">
              <Title order={2} size="h4" id="settings-general" mb="sm">
                General
              </Title>
              {settings.error !== null && !settings.data ? (
                <LoadError title="The settings could not be loaded" message={settings.error} onRetry={settings.retry} />
              ) : !settings.data ? (
                <CardSkeleton lines={4} />
              ) : (
                <SettingsForm key={settings.data.updated_at} settings={settings.data} canManage={isAdmin} />
              )}
            </Card>
            <Card withBorder padding="md" component="section" aria-labelledby="settings-lost">
              <Title order={2} size="h4" id="settings-lost" mb="xs">
                Lost reasons
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                Asked whenever an opportunity is lost, so you learn why.
              </Text>
              <NamedItems
                label="Lost reasons"
                noun="reason"
                usesLabel="Opportunities"
                items={reasons.data?.map((reason) => ({
                  id: reason.id,
                  name: reason.name,
                  status: reason.status,
                  uses: reason.opportunity_count,
                }))}
                canManage={isAdmin}
                {...namedItemCalls(reasons, { create, update, setArchived, remove })}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" component="nav" aria-label="CRM configuration">
            <Stack gap="md">
              {CONFIG_LINKS.map((link) => (
                <Stack key={link.to} gap={2}>
                  <Anchor component={Link} to={link.to} fw={600}>
                    <Group gap={4} component="span">
                      {link.label} <IconChevronRight size={14} aria-hidden />
                    </Group>
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {link.text}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
