import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../test/fetch';
import { AppFooter } from './app-footer';
import { renderShell } from './shell-test-utils';

describe('AppFooter (SPEC.md section 2)', () => {
  it('links the eight named routes, lists Coming Soon without links and shows the current year', async () => {
    stubFetch({});
    renderShell(<AppFooter />);
    const footer = await screen.findByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/resources/features',
      '/resources/faq',
      '/resources/support',
      '/goals-info',
      '/legal/terms',
      '/legal/privacy',
      '/legal/cookies',
      '/legal/gdpr',
    ]);
    for (const item of ['Partners', 'Pricing', 'Mobile App', 'API Access']) {
      const text = within(footer).getByText(item);
      expect(text.closest('a')).toBeNull();
    }
    expect(within(footer).getByText('Coming Soon')).toBeInTheDocument();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Ledgerleaf. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
