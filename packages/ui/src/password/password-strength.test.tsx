import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../test-utils';
import { PasswordStrength, passwordStrength } from './password-strength';

describe('passwordStrength (labels of SPEC.md section 9)', () => {
  it.each([
    ['', null],
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['Abc1!', 'Weak'],
    ['abcdefg1', 'Medium'],
    ['abcdefghijkl', 'Medium'],
    ['Abcdefg1', 'Strong'],
    ['correct horse battery staple', 'Strong'],
  ])('%j is %s', (value, label) => {
    expect(passwordStrength(value).label).toBe(label);
  });

  it('renders nothing for an empty value and the label otherwise', () => {
    const { rerender } = renderWithUi(<PasswordStrength value="" />);
    expect(screen.queryByText(/Password strength/)).toBeNull();
    rerender(<PasswordStrength value="Abcdefg1" />);
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Password strength: Strong');
  });
});
