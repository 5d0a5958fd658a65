import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EMAIL_DELIVERY_MESSAGES, type EmailDeliveryView } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { businessDetails, signIn } from '../test/fixtures';
import { UserSettingsPage } from './user-settings-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const saved: EmailDeliveryView = {
  source: 'business',
  settings: {
    host: 'smtp.olive.example',
    port: 587,
    security: 'starttls',
    username: 'billing',
    password_set: true,
    from_address: 'billing@olive.example',
    updated_at: '2026-11-28T10:00:00Z',
  },
};

function routes(view: EmailDeliveryView, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/settings/business': json(200, { data: businessDetails }),
    'GET /api/settings/email-delivery': json(200, { data: view }),
    ...extra,
  });
}

const open = () => renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings?tab=email' });

describe('Settings > Email delivery', () => {
  beforeEach(() => signIn('owner'));

  it('says email is not set up, and saves the mail server with its password', async () => {
    const calls = routes(
      { source: 'none', settings: null },
      {
        'PUT /api/settings/email-delivery': json(200, { data: saved, message: EMAIL_DELIVERY_MESSAGES.saved }),
      },
    );
    const { user } = open();
    expect(await screen.findByText('Email is not set up')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Email delivery', selected: true })).toBeInTheDocument();
    // Nothing to test until a server is saved.
    expect(screen.getByRole('button', { name: 'Send a test email' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /SMTP host/ }), 'smtp.olive.example');
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'billing');
    await user.type(screen.getByLabelText('Password'), 'app password');
    await user.type(screen.getByRole('textbox', { name: /From address/ }), 'billing@olive.example');
    await user.click(screen.getByRole('button', { name: 'Save email delivery' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        host: 'smtp.olive.example',
        port: 587,
        security: 'starttls',
        username: 'billing',
        password: 'app password',
        from_address: 'billing@olive.example',
      }),
    );
  });

  it('never shows the stored password, keeps it when left empty, and fills the port of the security chosen', async () => {
    const calls = routes(saved, {
      'PUT /api/settings/email-delivery': (call) =>
        json(200, { data: { ...saved, settings: { ...saved.settings!, ...(call.body as object) } } }),
    });
    const { user } = open();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveValue('');
    expect(screen.getByText('A password is saved. Leave this empty to keep it.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Security' }));
    await user.click(await screen.findByRole('option', { name: 'TLS' }));
    expect(screen.getByRole('textbox', { name: /Port/ })).toHaveValue('465');
    await user.click(screen.getByRole('button', { name: 'Save email delivery' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeDefined());
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ security: 'tls', port: 465 });
    expect(body).not.toHaveProperty('password');
  });

  it('checks the fields before saving', async () => {
    const calls = routes({ source: 'none', settings: null });
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: /SMTP host/ }), 'smtp example');
    await user.type(screen.getByRole('textbox', { name: /From address/ }), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Save email delivery' }));
    expect(await screen.findByText(EMAIL_DELIVERY_MESSAGES.hostInvalid)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_DELIVERY_MESSAGES.fromInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('"Send a test email" reports what the mail server answered', async () => {
    let answer = {
      data: { delivery: 'delivered', to: 'owner@example.com', error: null },
      message: EMAIL_DELIVERY_MESSAGES.testDelivered('owner@example.com'),
    } as Record<string, unknown>;
    routes(saved, { 'POST /api/settings/email-delivery/test': () => json(200, answer) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send a test email' }));
    const delivered = (await screen.findByText('Test email delivered')).closest('[role="status"]');
    expect(delivered).not.toBeNull();
    expect(delivered).toHaveTextContent('Test email accepted by the mail server for owner@example.com.');

    answer = {
      data: { delivery: 'failed', to: 'owner@example.com', error: 'Invalid login: 535 Authentication failed' },
      message: EMAIL_DELIVERY_MESSAGES.testFailed('Invalid login: 535 Authentication failed'),
    };
    await user.click(screen.getByRole('button', { name: 'Send a test email' }));
    await waitFor(() => expect(screen.getByText(/Test email not delivered/)).toBeInTheDocument());
    expect(
      screen.getByText('The mail server refused the test email: Invalid login: 535 Authentication failed'),
    ).toBeInTheDocument();
  });

  it('says SMTP_URL wins when the server has it', async () => {
    routes({ ...saved, source: 'environment' });
    open();
    expect(await screen.findByText(EMAIL_DELIVERY_MESSAGES.environmentWins)).toBeInTheDocument();
  });
});

describe('Settings > Email delivery for others than owners', () => {
  beforeEach(() => signIn('admin'));

  it('is not offered to an admin', async () => {
    const calls = routes(saved);
    open();
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).queryByRole('tab', { name: 'Email delivery' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Business details', selected: true })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/settings/email-delivery')).toBe(false);
  });
});
