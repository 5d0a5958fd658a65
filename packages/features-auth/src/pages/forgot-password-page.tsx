import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { firstFieldErrors, forgotPasswordRequestSchema, MESSAGES } from '@ledgerleaf/domain';
import { errorMessage, fieldErrors, useForgotPasswordMutation } from '@ledgerleaf/api';
import { FormAlert } from '@ledgerleaf/ui';
import { zodValidate } from '../form';
import { AuthPage, BackToSignIn } from '../components/auth-page';

interface ForgotValues {
  email: string;
}

/** /forgot-password: the same answer whether or not the address has an account (no enumeration). */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [feedback, setFeedback] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<ForgotValues>({
    initialValues: { email: '' },
    validate: zodValidate<ForgotValues>(forgotPasswordRequestSchema),
  });

  const handleSubmit = async (values: ForgotValues) => {
    setFeedback(null);
    const result = await requestReset({ email: values.email.trim() });
    if ('error' in result) {
      const errors = fieldErrors(result.error);
      if (errors) form.setErrors(firstFieldErrors(errors));
      setFeedback({ kind: 'error', text: errorMessage(result.error, MESSAGES.unexpected) });
      return;
    }
    setFeedback({ kind: 'success', text: result.data.message || MESSAGES.resetRequested });
  };

  const sent = feedback?.kind === 'success';

  return (
    <AuthPage
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {feedback ? <FormAlert kind={feedback.kind}>{feedback.text}</FormAlert> : null}
      {sent ? null : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send reset link'}
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthPage>
  );
}
