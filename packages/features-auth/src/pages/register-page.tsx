import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  firstFieldErrors,
  formatUsPhone,
  MESSAGES,
  PHONE_DIGITS,
  phoneDigits,
  registerRequestSchema,
  validatePhone,
} from '@ledgerleaf/domain';
import { fieldErrors, registrationErrorMessage, useRegisterMutation, paths } from '@ledgerleaf/api';
import { PasswordStrength, useToast, FormAlert } from '@ledgerleaf/ui';
import { isValid, zodValidate } from '../form';
import { AuthPage } from '../components/auth-page';

interface RegisterValues {
  name: string;
  business_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
}

/**
 * /register (SPEC.md sections 2 and 5). The submit button stays disabled until name, business name,
 * email, password and confirmation hold; the optional phone is checked on blur and on submit, so an
 * invalid phone is what the 'Please fill in all fields correctly' message can still meet.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const form = useForm<RegisterValues>({
    initialValues: { name: '', business_name: '', email: '', phone: '', password: '', password_confirmation: '' },
    validate: zodValidate<RegisterValues>(registerRequestSchema),
    validateInputOnBlur: ['name', 'business_name', 'email', 'password', 'password_confirmation'],
  });

  const values = form.getValues();
  const requiredValid = isValid(registerRequestSchema, { ...values, phone: null });

  const checkPhone = () => {
    const phone = form.getValues().phone;
    const message = validatePhone(phone);
    form.setFieldError('phone', message);
    if (!message && phone.trim() !== '') form.setFieldValue('phone', formatUsPhone(phone));
  };

  const handlePhoneChange = (value: string) => {
    // Auto-format as soon as 10 digits are present; clear a stale error while typing.
    const formatted = phoneDigits(value).length === PHONE_DIGITS ? formatUsPhone(value) : value;
    form.setFieldValue('phone', formatted);
    if (form.errors.phone && validatePhone(formatted) === null) form.clearFieldError('phone');
  };

  const handleSubmit = async (valid: RegisterValues) => {
    setError(null);
    const result = await register({
      name: valid.name.trim(),
      business_name: valid.business_name.trim(),
      email: valid.email.trim(),
      phone: valid.phone.trim() === '' ? null : formatUsPhone(valid.phone),
      password: valid.password,
      password_confirmation: valid.password_confirmation,
      // The business's time zone (recurring runs, overdue, reminders): the browser's; editable later.
      time_zone: browserTimeZone(),
    });
    if ('error' in result) {
      const errors = fieldErrors(result.error);
      if (errors) form.setErrors(firstFieldErrors(errors));
      setError(registrationErrorMessage(result.error));
      return;
    }
    toast.show({
      severity: 'success',
      summary: 'Account created',
      detail: `Welcome to Ledgerleaf, ${valid.name.trim()}!`,
    });
    navigate(paths.dashboard, { replace: true });
  };

  return (
    <AuthPage
      title="Create a new account"
      intro={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} underline="always">
            Sign in
          </Anchor>
        </>
      }
      introDimmed={false}
    >
      <form onSubmit={form.onSubmit(handleSubmit, () => setError(MESSAGES.formInvalid))} noValidate>
        <Stack gap="md">
          {error ? <FormAlert kind="error">{error}</FormAlert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full name" autoComplete="name" required maxLength={255} {...form.getInputProps('name')} />
            <TextInput
              label="Business Name"
              autoComplete="organization"
              required
              maxLength={255}
              {...form.getInputProps('business_name')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            Name and Business Name cannot be changed after registration.
          </Text>
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(555) 123-4567"
            description="US format: 10-digit phone number"
            value={values.phone}
            error={form.errors.phone}
            onChange={(event) => handlePhoneChange(event.currentTarget.value)}
            onBlur={checkPhone}
          />
          <Stack gap={6}>
            <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
            <PasswordStrength value={values.password} />
          </Stack>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth disabled={!requiredValid || isLoading}>
            {isLoading ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}

/** The browser's IANA time zone, or null when it does not say (the server then uses UTC). */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
