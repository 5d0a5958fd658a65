import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { LoginPage } from '../pages/login-page';

/** Moves the fake clock (Date and timers) and lets promises and React settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function openModal() {
  const view = renderPage(<LoginPage />, { path: '/login', route: '/login', fakeTimers: true });
  await view.user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function waitlistCalls<T extends { path: string }>(calls: T[]) {
  return calls.filter((c) => c.path === '/early-access');
}

describe('waiting-list modal', () => {
  it('opens with an email field, Submit and Close', async () => {
    stubFetch({});
    const { dialog } = await openModal();
    expect(within(dialog).getByLabelText(/Email address/)).toHaveAttribute('type', 'email');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('Close closes it', async () => {
    stubFetch({});
    const { dialog, user } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a click on the backdrop closes it', async () => {
    stubFetch({});
    const { user } = await openModal();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay as Element);
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requires an email', async () => {
    const calls = stubFetch({});
    const { dialog, user } = await openModal();
    await advance(2000);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(waitlistCalls(calls)).toHaveLength(0);
  });

  it('a submit sooner than 1.5 s after the form loaded silently succeeds without a call', async () => {
    const calls = stubFetch({ 'POST /early-access': json(200, { success: true, message: 'Joined' }) });
    const { dialog, user } = await openModal();
    await user.type(within(dialog).getByLabelText(/Email address/), 'bot@spam.co');
    await advance(500);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText(MESSAGES.waitlistSuccess)).toBeInTheDocument();
    await advance(100);
    expect(waitlistCalls(calls)).toHaveLength(0);
  });

  it('posts email, empty honeypot and load timestamp; shows the message, closes after 2 s and clears the email', async () => {
    const loadedAt = Date.now();
    let release: (r: Response) => void = () => {};
    const calls = stubFetch({ 'POST /early-access': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { dialog, user } = await openModal();
    await advance(1600);
    await user.type(within(dialog).getByLabelText(/Email address/), 'owner@shop.co');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release(json(200, { success: true, message: MESSAGES.waitlistSuccess }));
    await advance(0);
    expect(within(dialog).getByText(MESSAGES.waitlistSuccess)).toBeInTheDocument();
    const [call] = waitlistCalls(calls);
    expect(call!.body).toMatchObject({ email: 'owner@shop.co', website: '' });
    expect((call!.body as { timestamp: number }).timestamp).toBeGreaterThanOrEqual(loadedAt);
    expect((call!.body as { timestamp: number }).timestamp).toBeLessThan(loadedAt + 1000);
    await advance(1900);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await advance(200);
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/Email address/)).toHaveValue('');
  });

  it('refuses a submit less than 3 s after the previous one', async () => {
    const calls = stubFetch({
      'POST /early-access': json(422, { success: false, message: 'bad', errors: { email: ['Already on the list.'] } }),
    });
    const { dialog, user } = await openModal();
    await advance(2000);
    await user.type(within(dialog).getByLabelText(/Email address/), 'owner@shop.co');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Already on the list.');
    await advance(1000);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.waitlistWait);
    expect(waitlistCalls(calls)).toHaveLength(1);
    await advance(2100);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(waitlistCalls(calls)).toHaveLength(2);
  });

  it.each([
    [
      'errors.email[0]',
      json(422, {
        success: false,
        message: 'The given data was invalid.',
        errors: { email: ['Please enter a valid email address'] },
      }),
      'Please enter a valid email address',
    ],
    ['the message', json(429, { message: 'Too many requests.' }), 'Too many requests.'],
    ['the generic error', json(500, {}), MESSAGES.waitlistError],
    ['success:false with its message', json(200, { success: false, message: 'Not today.' }), 'Not today.'],
    ['success:false without a message', json(200, { success: false, message: '' }), MESSAGES.waitlistSomethingWrong],
  ])('shows %s', async (_name, response, text) => {
    stubFetch({ 'POST /early-access': response });
    const { dialog, user } = await openModal();
    await advance(2000);
    await user.type(within(dialog).getByLabelText(/Email address/), 'owner@shop.co');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    await advance(2500);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the network error text when there is no response', async () => {
    stubFetch({ 'POST /early-access': () => Promise.reject(new TypeError('offline')) });
    const { dialog, user } = await openModal();
    await advance(2000);
    await user.type(within(dialog).getByLabelText(/Email address/), 'owner@shop.co');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.waitlistError);
  });
});
