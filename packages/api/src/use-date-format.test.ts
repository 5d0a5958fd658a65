import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type User } from '@ledgerleaf/domain';
import { accountApi } from './account-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';
import { dateFormatting } from './use-date-format';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user: User = {
  id: 1,
  name: 'Olive Owner',
  email: 'olive@example.com',
  business_name: 'Olive Bakery',
  company_logo: null,
  avatar_path: null,
  roles: [{ name: 'owner' }],
};
const details = {
  name: 'Olive Bakery',
  email: null,
  phone: null,
  company_logo: null,
  address: null,
  tax_id: null,
  default_invoice_notes: null,
  default_invoice_terms: null,
  date_format: 'dd.mm.yyyy',
  first_day_of_week: 1,
};

describe('date formatting', () => {
  it('formats with the given preferences, the defaults when there are none', () => {
    const defaults = dateFormatting(undefined);
    expect(defaults).toMatchObject({ dateFormat: 'mm/dd/yy', firstDayOfWeek: 0, inputFormat: 'MM/DD/YY' });
    expect(defaults.formatDate('2026-11-23')).toBe('11/23/26');
    const european = dateFormatting({ date_format: 'dd.mm.yyyy', first_day_of_week: 1 });
    expect(european).toMatchObject({ dateFormat: 'dd.mm.yyyy', firstDayOfWeek: 1, inputFormat: 'DD.MM.YYYY' });
    expect(european.formatDate('2026-11-23')).toBe('23.11.2026');
    expect(european.formatDate(null)).toBe('');
  });

  it('saving the business settings updates the stored user preferences at once (no reload, no refetch)', async () => {
    const { calls } = stubFetch({ 'PUT /api/settings/business': json(200, { data: details, message: 'Saved' }) });
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const store = makeStore({ auth: { token: 't', user, status: 'authenticated' } });
    await store.dispatch(
      accountApi.endpoints.updateBusinessDetails.initiate({
        ...details,
        date_format: 'dd.mm.yyyy',
        first_day_of_week: 1,
      }),
    );
    expect(store.getState().auth.user?.preferences).toEqual({ date_format: 'dd.mm.yyyy', first_day_of_week: 1 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').preferences).toEqual({
      date_format: 'dd.mm.yyyy',
      first_day_of_week: 1,
    });
    expect(calls.map((call) => call.method)).toEqual(['PUT']);
  });

  it('a failed save leaves the preferences as they were', async () => {
    stubFetch({ 'PUT /api/settings/business': json(422, { message: 'Invalid', errors: { date_format: ['bad'] } }) });
    const store = makeStore({ auth: { token: 't', user, status: 'authenticated' } });
    await store.dispatch(
      accountApi.endpoints.updateBusinessDetails.initiate({
        ...details,
        date_format: 'dd.mm.yyyy',
        first_day_of_week: 1,
      }),
    );
    expect(store.getState().auth.user?.preferences).toBeUndefined();
  });
});
