import { writeToken, writeUser } from '@ledgerleaf/api';
import type { Profile } from '@ledgerleaf/domain';

/** Stores a signed-in user with the role, as the app does after sign-in (the store reads it at start). */
export function signIn(role = 'owner'): void {
  writeToken('test-token');
  writeUser({
    id: 1,
    name: 'Olive Owner',
    email: 'olive@example.com',
    business_name: 'Olive Bakery',
    company_logo: null,
    avatar_path: null,
    roles: [{ name: role }],
  });
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    business_id: 1,
    name: 'Olive Owner',
    email: 'olive@example.com',
    business_name: 'Olive Bakery',
    company_logo: null,
    avatar_path: null,
    roles: [{ name: 'owner' }],
    role: 'owner',
    phone: '(415) 555-0100',
    ...overrides,
  };
}

export const businessDetails = {
  name: 'Olive Bakery',
  email: 'olive@example.com',
  phone: '(415) 555-0100',
  company_logo: null,
  address: null,
  tax_id: null,
  default_invoice_notes: null,
  default_invoice_terms: null,
  date_format: 'mm/dd/yy',
  first_day_of_week: 0,
};
