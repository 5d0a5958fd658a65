import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, ROLE_LABELS, invitationAcceptSchema, validateWith } from '@ledgerleaf/domain';
import {
  browser,
  errorStatus,
  splitServerErrors,
  useAcceptInvitationMutation,
  useGetInvitationQuery,
  paths,
} from '@ledgerleaf/api';
import { AuthLayout, PasswordStrength, FormAlert } from '@ledgerleaf/ui';

/** /invitations/:token (guest): the invited person chooses a name and password and is signed in. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const query = useGetInvitationQuery(token);
  const [accept, state] = useAcceptInvitationMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = { name: '', password: '', password_confirmation: '' };
  const form = useForm({ initialValues, validate: (values) => validateWith(invitationAcceptSchema, values).errors });
  const submit = async (values: typeof initialValues) => {
    setFormError(null);
    const result = await accept({ token, body: values });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The invitation could not be accepted.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    browser.redirect(paths.dashboard);
  };
  return (
    <AuthLayout>
      <Stack gap="md" maw={420} mx="auto" w="100%">
        <Title order={1} fz="h2">
          Join your team
        </Title>
        {query.isLoading ? (
          <Loader aria-label="Loading the invitation" />
        ) : query.isError || !query.data ? (
          <Alert color="red" variant="light" role="alert" title="Invitation not valid">
            <Stack gap="xs">
              <Text size="sm">
                {errorStatus(query.error) === 404
                  ? ACCOUNT_MESSAGES.invitationInvalid
                  : 'The invitation could not be loaded. Please check your connection and try again.'}
              </Text>
              <Anchor component={Link} to={paths.login} size="sm">
                Go to sign in
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text>
              You were invited to <strong>{query.data.business_name}</strong> as {ROLE_LABELS[query.data.role]}. Choose
              your name and password.
            </Text>
            <form onSubmit={form.onSubmit(submit)} noValidate>
              <Stack gap="sm">
                {formError && <FormAlert>{formError}</FormAlert>}
                <TextInput label="Email address" value={query.data.email} readOnly variant="filled" />
                <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('name')} />
                <PasswordInput
                  label="Password"
                  required
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                />
                <PasswordStrength value={form.values.password} />
                <PasswordInput
                  label="Confirm password"
                  required
                  autoComplete="new-password"
                  {...form.getInputProps('password_confirmation')}
                />
                <Button type="submit" loading={state.isLoading}>
                  Accept invitation
                </Button>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
