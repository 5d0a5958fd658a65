import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconLogout, IconTrash } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  DELETE_CONFIRMATION_WORD,
  ROLE_LABELS,
  accountDeletionSchema,
  formatUsPhone,
  initials,
  isAccountRole,
  passwordChangeSchema,
  profileUpdateSchema,
  validateWith,
  type Profile,
} from '@ledgerleaf/domain';
import {
  browser,
  clearAuthStorage,
  errorMessage,
  fetchBusinessExport,
  splitServerErrors,
  useAccess,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useGetProfileQuery,
  useSignOutOtherDevicesMutation,
  useUpdateProfileMutation,
  loadErrorMessage,
  paths,
} from '@ledgerleaf/api';
import { CardSkeleton, PageHeader, PasswordStrength, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';
import { useAsk } from '../shared/confirm';
import { ImageUpload } from '../shared/image-upload';

function DetailsCard({ profile }: { profile: Profile }) {
  const toast = useToast();
  const [save, state] = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: profile.email, phone: profile.phone ?? '' },
    validate: (values) => validateWith(profileUpdateSchema, values).errors,
  });
  const submit = async (values: { email: string; phone: string }) => {
    setFormError(null);
    const result = await save({ email: values.email, phone: values.phone.trim() === '' ? null : values.phone });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'Your details could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.setValues({ email: result.data.email, phone: result.data.phone ?? '' });
    form.resetDirty({ email: result.data.email, phone: result.data.phone ?? '' });
    toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.profileSaved });
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Your details
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {formError && <FormAlert>{formError}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Full name" value={profile.name} readOnly variant="filled" />
            <TextInput label="Business Name" value={profile.business_name} readOnly variant="filled" />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Name and Business Name cannot be changed after registration.
          </Text>
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone number"
            description="US format: 10-digit phone number"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
            onBlur={() => {
              form.setFieldValue('phone', formatUsPhone(form.values.phone));
              form.validateField('phone');
            }}
          />
          <Group>
            <Button type="submit" loading={state.isLoading} disabled={!form.isDirty()}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const toast = useToast();
  const ask = useAsk();
  const [change, state] = useChangePasswordMutation();
  const [signOut, signOutState] = useSignOutOtherDevicesMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = { current_password: '', password: '', password_confirmation: '' };
  const form = useForm({ initialValues, validate: (values) => validateWith(passwordChangeSchema, values).errors });
  const submit = async (values: typeof initialValues) => {
    setFormError(null);
    const result = await change(values);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The password could not be changed.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.reset();
    toast.show({ severity: 'success', summary: 'Password changed', detail: ACCOUNT_MESSAGES.passwordChanged });
  };
  const onSignOut = async () => {
    if (
      !(await ask({
        title: 'Sign out of other devices?',
        message:
          'Every other browser and device signed in to your account will be signed out. This one stays signed in.',
        confirmText: 'Sign out others',
        type: 'warning',
      }))
    )
      return;
    const result = await signOut();
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Could not sign out other devices',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else toast.show({ severity: 'success', summary: result.data.message });
  };
  return (
    <Card component="section" aria-label="Password and sessions" withBorder padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Password and sessions
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {formError && <FormAlert>{formError}</FormAlert>}
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordStrength value={form.values.password} />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <Text size="xs" c="dimmed">
            Changing the password signs you out everywhere else.
          </Text>
          <Group justify="space-between">
            <Button type="submit" loading={state.isLoading}>
              Change password
            </Button>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={signOutState.isLoading}
              onClick={() => void onSignOut()}
            >
              Sign out of other devices
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ExportCard() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await fetchBusinessExport();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.show({ severity: 'success', summary: 'Export ready', detail: filename });
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Export failed',
        detail: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Export your data
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A zip with everything of the business: every table as CSV and as JSON, and the uploaded images.
      </Text>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => void onExport()}
        >
          Download export
        </Button>
      </Group>
    </Card>
  );
}

function DeleteCard({ profile }: { profile: Profile }) {
  const ask = useAsk();
  const [remove, state] = useDeleteAccountMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const owner = profile.role === 'owner';
  const initialValues = { current_password: '', confirmation: '' };
  const form = useForm({ initialValues, validate: (values) => validateWith(accountDeletionSchema, values).errors });
  const consequence = owner
    ? `If you are the only owner of ${profile.business_name}, the business and ALL its data (clients, invoices, payments, goals, team members' accounts) are deleted for good. If there is another owner, only your account is deleted.`
    : `Your account is deleted and you leave ${profile.business_name}. What you recorded stays with the business.`;
  const submit = async (values: typeof initialValues) => {
    setFormError(null);
    if (
      !(await ask({
        title: 'Delete your account?',
        message: `${consequence}\n\nThis cannot be undone.`,
        confirmText: 'Delete for good',
        type: 'danger',
      }))
    )
      return;
    const result = await remove(values);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The account could not be deleted.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    clearAuthStorage();
    browser.redirect(paths.login);
  };
  return (
    <Card
      component="section"
      aria-label="Delete account"
      withBorder
      padding="lg"
      style={{ borderColor: 'var(--mantine-color-red-5)' }}
    >
      <Title order={2} fz="h4" mb="xs" c="red">
        Delete account
      </Title>
      <Text size="sm" mb="sm">
        {consequence}
      </Text>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {formError && <FormAlert>{formError}</FormAlert>}
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <TextInput
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            required
            autoComplete="off"
            {...form.getInputProps('confirmation')}
          />
          <Group>
            <Button
              type="submit"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={state.isLoading}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /profile: Profile & Settings of the signed-in person. */
export function ProfilePage() {
  const query = useGetProfileQuery();
  const access = useAccess();
  const profile = query.data;
  return (
    <>
      <PageHeader
        title="Profile & Settings"
        description="Your details, pictures, password and account."
        actions={
          profile && isAccountRole(profile.role) ? (
            <Badge variant="light">{ROLE_LABELS[profile.role]}</Badge>
          ) : undefined
        }
      />
      {query.isLoading ? (
        <Stack>
          <CardSkeleton lines={4} />
          <CardSkeleton lines={3} />
        </Stack>
      ) : query.isError || !profile ? (
        <LoadError
          title="Your profile could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="lg" maw={760}>
          <DetailsCard profile={profile} />
          <Card withBorder padding="lg">
            <Title order={2} fz="h4" mb="sm">
              Pictures
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ImageUpload kind="avatar" label="Avatar" path={profile.avatar_path} fallback={initials(profile.name)} />
              <ImageUpload
                kind="logo"
                label="Company logo"
                path={profile.company_logo}
                fallback={initials(profile.business_name)}
                readOnly={!access.isAdmin}
              />
            </SimpleGrid>
            {!access.isAdmin && (
              <Alert variant="light" color="gray" mt="sm">
                Only an owner or an admin can change the company logo.
              </Alert>
            )}
          </Card>
          <PasswordCard />
          {access.isAdmin && <ExportCard />}
          <DeleteCard profile={profile} />
        </Stack>
      )}
    </>
  );
}
