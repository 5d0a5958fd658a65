import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOGIN_REDIRECT_DELAY_MS, loginRequestSchema } from '@ledgerleaf/domain';
import { loginErrorMessage, useLoginMutation, paths } from '@ledgerleaf/api';
import { AuthLayout, FormAlert } from '@ledgerleaf/ui';
import { MarketingPanel } from '../components/marketing-panel';
import { WaitlistModal } from '../components/waitlist-modal';
import { zodValidate } from '../form';
import { useDelayedNavigate } from '../use-delayed-navigate';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** /login (SPEC.md section 2): sign-in form, marketing panel, stealth-mode note and waiting list. */
export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const navigateLater = useDelayedNavigate();
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '', remember: false },
    validate: zodValidate<LoginValues>(loginRequestSchema),
  });

  const handleSubmit = async (values: LoginValues) => {
    setError(null);
    const result = await login({ email: values.email.trim(), password: values.password, remember: values.remember });
    if ('error' in result) {
      setError(loginErrorMessage(result.error));
      return;
    }
    setSignedIn(true);
    navigateLater(paths.dashboard, LOGIN_REDIRECT_DELAY_MS);
  };

  const busy = isLoading || signedIn;

  return (
    <AuthLayout aside={<MarketingPanel onJoinWaitlist={() => setWaitlistOpen(true)} />}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Sign in to Ledgerleaf
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Authorized users only
          </Text>
        </div>
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            {error ? <FormAlert kind="error">{error}</FormAlert> : null}
            <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="space-between" wrap="wrap">
              <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth disabled={busy}>
              {busy ? 'Signing in...' : 'Sign in'}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          New to Ledgerleaf?{' '}
          <Anchor component={Link} to={paths.register} underline="always">
            Create an account
          </Anchor>
        </Text>
      </Stack>
      <WaitlistModal opened={waitlistOpen} onClose={() => setWaitlistOpen(false)} />
    </AuthLayout>
  );
}
