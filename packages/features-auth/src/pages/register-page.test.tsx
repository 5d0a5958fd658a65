import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { RegisterPage } from './register-page';

const user = {
  id: 3,
  name: 'Grace Hopper',
  email: 'grace@navy.mil',
  business_name: 'Compilers Inc',
  company_logo: null,
  avatar_path: null,
  roles: ['owner'],
};

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch(routes);
  const view = renderPage(<RegisterPage />, { path: '/register', route: '/register' });
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
  const submit = () => screen.getByRole('button', { name: /Create Account|Creating Account/ });
  const fillValid = async () => {
    await view.user.type(field('Full name'), 'Grace Hopper');
    await view.user.type(field('Business Name'), 'Compilers Inc');
    await view.user.type(field('Email address'), 'grace@navy.mil');
    await view.user.type(field('Password'), 'cobol-rules-1959');
    await view.user.type(field('Confirm password'), 'cobol-rules-1959');
  };
  return { ...view, calls, field, submit, fillValid };
}

describe('RegisterPage', () => {
  it('shows the heading, the fields, the note, the phone hint and the Sign in link', () => {
    const { field } = setup();
    expect(screen.getByRole('heading', { name: 'Create a new account' })).toBeInTheDocument();
    for (const label of [
      'Full name',
      'Business Name',
      'Email address',
      'Phone number',
      'Password',
      'Confirm password',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByText('Name and Business Name cannot be changed after registration.')).toBeInTheDocument();
    expect(screen.getByText('US format: 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('keeps Create Account disabled until name, business, email, password and confirmation hold', async () => {
    const { user: ue, field, submit } = setup();
    expect(submit()).toBeDisabled();
    await ue.type(field('Full name'), 'Grace Hopper');
    await ue.type(field('Business Name'), 'Compilers Inc');
    await ue.type(field('Email address'), 'grace@navy');
    await ue.type(field('Password'), 'short');
    await ue.type(field('Confirm password'), 'short');
    expect(submit()).toBeDisabled();
    await ue.type(field('Email address'), '.mil');
    expect(submit()).toBeDisabled(); // password under 8
    await ue.type(field('Password'), '-but-long');
    expect(submit()).toBeDisabled(); // confirmation differs
    await ue.type(field('Confirm password'), '-but-long');
    expect(submit()).toBeEnabled();
  });

  it('shows a password strength meter', async () => {
    const { user: ue, field } = setup();
    await ue.type(field('Password'), 'abc');
    expect(screen.getByText(/Weak/)).toBeInTheDocument();
  });

  it('auto-formats the phone once 10 digits are present', async () => {
    const { user: ue, field } = setup();
    await ue.type(field('Phone number'), '555123456');
    expect(field('Phone number')).toHaveValue('555123456');
    await ue.type(field('Phone number'), '7');
    expect(field('Phone number')).toHaveValue('(555) 123-4567');
  });

  it('checks the phone on blur', async () => {
    const { user: ue, field } = setup();
    await ue.type(field('Phone number'), '55512');
    expect(screen.queryByText(MESSAGES.phoneInvalid)).not.toBeInTheDocument();
    await ue.tab();
    expect(screen.getByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
  });

  it("refuses an invalid phone on submit with 'Please fill in all fields correctly' and makes no call", async () => {
    const { user: ue, field, submit, fillValid, calls } = setup();
    await fillValid();
    await ue.type(field('Phone number'), '12345');
    await ue.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.formInvalid);
    expect(screen.getByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/register')).toHaveLength(0);
  });

  it("registers, shows 'Creating Account...', stores the session and goes to /dashboard", async () => {
    let release: (r: Response) => void = () => {};
    const {
      user: ue,
      field,
      submit,
      fillValid,
      calls,
      store,
    } = setup({
      'POST /api/register': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await fillValid();
    await ue.type(field('Phone number'), '5551234567');
    await ue.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/register')).toBe(true));
    expect(calls.find((c) => c.path === '/api/register')!.body).toEqual({
      name: 'Grace Hopper',
      business_name: 'Compilers Inc',
      email: 'grace@navy.mil',
      phone: '(555) 123-4567',
      password: 'cobol-rules-1959',
      password_confirmation: 'cobol-rules-1959',
      // The browser's zone becomes the business's.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    release(json(201, { token: 'reg-token', user }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('reg-token');
    expect(store.getState().auth.user).toEqual(user);
  });

  it('sends a null phone when none is given', async () => {
    const { user: ue, submit, fillValid, calls } = setup({ 'POST /api/register': json(201, { token: 't', user }) });
    await fillValid();
    await ue.click(submit());
    await screen.findByTestId('location');
    expect((calls.find((c) => c.path === '/api/register')!.body as { phone: unknown }).phone).toBeNull();
  });

  it('joins 422 field errors with line breaks and shows them under the fields', async () => {
    const {
      user: ue,
      submit,
      fillValid,
    } = setup({
      'POST /api/register': json(422, {
        message: 'The given data was invalid.',
        errors: {
          email: ['An account with this email address already exists'],
          phone: ['Please enter a valid 10-digit US phone number'],
        },
      }),
    });
    await fillValid();
    await ue.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'An account with this email address already exists\nPlease enter a valid 10-digit US phone number',
    );
    // The first message of each field also sits under its field.
    expect(screen.getByText('An account with this email address already exists')).not.toBe(alert);
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server message, else 'Registration failed'", async () => {
    const first = setup({ 'POST /api/register': json(500, { message: 'Database is down' }) });
    await first.fillValid();
    await first.user.click(first.submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
    first.unmount();
    vi.unstubAllGlobals();

    const second = setup({ 'POST /api/register': json(500, {}) });
    await second.fillValid();
    await second.user.click(second.submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});
