/*
 * Canned data shared by the account stories (Storybook only; no product code imports this), built
 * from the test fixtures in `../test/fixtures`.
 */
import type { User } from '@ledgerleaf/domain';
import { storyUser } from '@ledgerleaf/storybook-harness';
import { businessDetails as fixtureDetails } from '../test/fixtures';

/** The signed-in person with another role (the owner is the harness's default). */
export const withRole = (role: string): User => ({ ...storyUser, roles: [{ name: role }] });

/** The business as its settings show it, filled in. */
export const businessDetails = {
  ...fixtureDetails,
  address: '12 Market Street\nSan Francisco, CA 94105',
  tax_id: 'US-94-7654321',
  default_invoice_notes: 'Thank you for your business!',
  default_invoice_terms: 'Payment by bank transfer within 30 days. Late payments incur 1.5% monthly interest.',
};
