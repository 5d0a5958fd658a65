import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { firstFieldErrors, MESSAGES, resetPasswordRequestSchema } from '@ledgerleaf/domain';
import { errorMessage, fieldErrors, useResetPasswordMutation, paths } from '@ledgerleaf/api';
import { PasswordStrength, FormAlert } from '@ledgerleaf/ui';
import { zodValidate } from '../form';
import { AuthPage, BackToSignIn } from '../components/auth-page';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/** /reset-password/:token: choose a new password with the single-use token from the email. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [feedback, setFeedback] = useState<{ kind: 'success' | 'error'; text: string; invalidLink?: boolean } | null>(
    null,
  );
  const form = useForm<ResetValues>({
    initialValues: { password: '', password_confirmation: '' },
    validate: zodValidate<ResetValues>(resetPasswordRequestSchema, () => ({ token })),
  });

  const handleSubmit = async (values: ResetValues) => {
    setFeedback(null);
    const result = await resetPassword({ token, ...values });
    if ('error' in result) {
      const errors = fieldErrors(result.error);
      if (errors?.token) {
        setFeedback({ kind: 'error', text: errors.token[0] ?? MESSAGES.resetInvalid, invalidLink: true });
        return;
      }
      if (errors) form.setErrors(firstFieldErrors(errors));
      setFeedback({ kind: 'error', text: errorMessage(result.error, MESSAGES.unexpected) });
      return;
    }
    setFeedback({ kind: 'success', text: result.data.message || MESSAGES.resetDone });
  };

  const done = feedback?.kind === 'success';
  const tokenError = form.errors.token;

  return (
    <AuthPage title="Choose a new password" intro="Use at least 8 characters.">
      {feedback ? (
        <FormAlert kind={feedback.kind}>
          {feedback.text}
          {feedback.invalidLink ? (
            <>
              {' '}
              <Anchor component={Link} to={paths.forgotPassword} inherit underline="always">
                Request a new link
              </Anchor>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {tokenError ? <FormAlert kind="error">{tokenError}</FormAlert> : null}
      {done ? (
        <Button component={Link} to={paths.login} fullWidth>
          Sign in
        </Button>
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            <Stack gap={6}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordStrength value={form.getValues().password} />
            </Stack>
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Button type="submit" fullWidth disabled={isLoading}>
              {isLoading ? 'Resetting...' : 'Reset password'}
            </Button>
          </Stack>
        </form>
      )}
      {done ? null : <BackToSignIn />}
    </AuthPage>
  );
}
