import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATE_LABELS,
  type EmailTemplateView,
} from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { EmailTemplatesPage } from './email-templates-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const templates: EmailTemplateView[] = EMAIL_TEMPLATE_KEYS.map((key) => ({
  key,
  label: EMAIL_TEMPLATE_LABELS[key],
  ...DEFAULT_EMAIL_TEMPLATES[key],
  is_default: true,
  placeholders: [...EMAIL_PLACEHOLDERS[key]],
}));

describe('EmailTemplatesPage', () => {
  it('previews the edited template live with sample values and saves it', async () => {
    const calls = stubFetch({
      'GET /api/email-templates': json(200, { data: templates }),
      'PUT /api/email-templates/reminder': (call) =>
        json(200, {
          data: { ...templates[3], ...(call.body as object), is_default: false },
          message: ACCOUNT_MESSAGES.templateSaved,
        }),
    });
    const { user } = renderPage(<EmailTemplatesPage />, { path: '/x', route: '/x' });
    await user.click(await screen.findByRole('button', { name: 'Payment reminder' }));
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Reminder for {{{{client_name}}');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Reminder for Acme Studio');
    const body = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(body);
    await user.type(body, 'Please pay ');
    await user.click(screen.getByRole('button', { name: 'Insert Balance due' }));
    expect(screen.getByTestId('preview-body')).toHaveTextContent('Please pay $1,250.00');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        subject: 'Reminder for {{client_name}}',
        body: 'Please pay {{balance_due}}',
      }),
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.templateSaved)).toBeInTheDocument();
  });

  it('refuses a placeholder the email does not have, in the browser', async () => {
    const calls = stubFetch({ 'GET /api/email-templates': json(200, { data: templates }) });
    const { user } = renderPage(<EmailTemplatesPage />, { path: '/x', route: '/x' });
    const body = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(body, ' {{{{estimate_number}}');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.unknownPlaceholder('estimate_number'))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('resets a customised template after confirmation', async () => {
    const custom = templates.map((template) =>
      template.key === 'invoice' ? { ...template, subject: 'Mine', is_default: false } : template,
    );
    const calls = stubFetch({
      'GET /api/email-templates': json(200, { data: custom }),
      'DELETE /api/email-templates/invoice': json(200, { data: templates[0], message: ACCOUNT_MESSAGES.templateReset }),
    });
    const { user } = renderPage(<EmailTemplatesPage />, { path: '/x', route: '/x' });
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Mine');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue(
      DEFAULT_EMAIL_TEMPLATES.invoice.subject,
    );
  });

  it('is read-only for a member', async () => {
    signIn('member');
    stubFetch({ 'GET /api/email-templates': json(200, { data: templates }) });
    renderPage(<EmailTemplatesPage />, { path: '/x', route: '/x' });
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save template' })).not.toBeInTheDocument();
  });
});
