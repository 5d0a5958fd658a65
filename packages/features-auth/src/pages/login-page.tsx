import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LOGIN_REDIRECT_DELAY_MS, loginFormErrors } from '@ledgerleaf/domain';
import { loginErrorMessage, paths, signIn, useAppDispatch } from '@ledgerleaf/api';
import { FormAlert } from '@ledgerleaf/ui';
import { MarketingPanel } from '../components/marketing-panel';
import { useDelayedNavigate } from '../use-delayed-navigate';
import { AuthPage } from '../components/auth-page';

// The waiting-list dialog (Mantine's Modal) loads when it is first opened, not with the page.
const WaitlistModal = lazy(async () => ({ default: (await import('../components/waitlist-modal')).WaitlistModal }));

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** /login (SPEC.md section 2): sign-in form, marketing panel, stealth-mode note and waiting list. */
export function LoginPage() {
  // The sign-in call loads the API client with it (signIn): the page loads without RTK Query.
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [waitlistUsed, setWaitlistUsed] = useState(false);
  if (waitlistOpen && !waitlistUsed) setWaitlistUsed(true);
  const [signedIn, setSignedIn] = useState(false);
  const navigateLater = useDelayedNavigate();
  // Three fields in plain state rather than @mantine/form (6 KiB gzipped on the first page people
  // load): checked on submit with loginRequestSchema's rules and messages (loginFormErrors, no
  // zod); a field's message goes when the field changes, as with the other forms.
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const change = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = async (values: LoginValues) => {
    setError(null);
    setLoading(true);
    const result = await dispatch(
      signIn({ email: values.email.trim(), password: values.password, remember: values.remember }),
    ).finally(() => setLoading(false));
    if ('error' in result) {
      setError(loginErrorMessage(result.error));
      return;
    }
    setSignedIn(true);
    navigateLater(paths.dashboard, LOGIN_REDIRECT_DELAY_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = loginFormErrors(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) void handleSubmit(values);
  };

  const busy = isLoading || signedIn;

  return (
    <AuthPage
      title="Sign in to Ledgerleaf"
      intro="Authorized users only"
      aside={<MarketingPanel onJoinWaitlist={() => setWaitlistOpen(true)} />}
      after={
        waitlistUsed && (
          <Suspense fallback={null}>
            <WaitlistModal opened={waitlistOpen} onClose={() => setWaitlistOpen(false)} />
          </Suspense>
        )
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error ? <FormAlert kind="error">{error}</FormAlert> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label="Remember me"
              checked={values.remember}
              onChange={(event) => change('remember', event.currentTarget.checked)}
            />
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
    </AuthPage>
  );
}
