import { screen, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../test-utils';
import { SectionNav } from './section-nav';

const TestLink = ({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => (
  <a href={to} {...props} />
);

describe('SectionNav', () => {
  it('links every section in a named landmark and marks the current one', () => {
    const items = [
      { to: '/admin/roles', label: 'Team and roles' },
      { to: '/admin/feedback', label: 'Beta feedback' },
    ];
    renderWithUi(
      <SectionNav label="Administration sections" items={items} active="/admin/feedback" linkComponent={TestLink} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('link', { name: 'Team and roles' })).toHaveAttribute('href', '/admin/roles');
    expect(within(nav).getByRole('link', { name: 'Team and roles' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Beta feedback' })).toHaveAttribute('aria-current', 'page');
  });
});
