import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ledgerleaf/domain';
import {
  demoLoginErrorMessage,
  errorMessage,
  loginErrorMessage,
  registrationErrorMessage,
  splitServerErrors,
  waitlistErrorMessage,
} from './errors';

describe('loginErrorMessage (SPEC.md section 8)', () => {
  it('flattens validation errors with ", "', () => {
    expect(
      loginErrorMessage({
        status: 422,
        data: { message: 'invalid', errors: { email: ['Bad email'], password: ['Too short', 'Weak'] } },
      }),
    ).toBe('Bad email, Too short, Weak');
  });
  it('otherwise shows the server message', () => {
    expect(loginErrorMessage({ status: 422, data: { message: 'These credentials do not match our records.' } })).toBe(
      'These credentials do not match our records.',
    );
    expect(loginErrorMessage({ status: 429, data: { message: 'Too many sign-in attempts.' } })).toBe(
      'Too many sign-in attempts.',
    );
  });
  it("otherwise 'Server error: {status}'", () => {
    expect(loginErrorMessage({ status: 500, data: {} })).toBe('Server error: 500');
    expect(loginErrorMessage({ status: 503, data: null })).toBe('Server error: 503');
  });
  it("a non-JSON non-OK answer gives 'Login failed with status: {status}'", () => {
    expect(
      loginErrorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }),
    ).toBe('Login failed with status: 502');
    expect(loginErrorMessage({ status: 'PARSING_ERROR', originalStatus: 0, data: '', error: 'x' })).toBe(
      'Login failed',
    );
  });
  it('no response', () => {
    expect(loginErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(MESSAGES.noResponse);
    expect(loginErrorMessage({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(MESSAGES.noResponse);
  });
  it('no token', () => {
    expect(loginErrorMessage({ status: 'CUSTOM_ERROR', error: MESSAGES.noToken })).toBe(
      'Authentication failed: No token received',
    );
  });
  it('the error message, else the fallback', () => {
    expect(loginErrorMessage({ message: 'Exploded' })).toBe('Exploded');
    expect(loginErrorMessage({})).toBe(MESSAGES.loginFallback);
    expect(loginErrorMessage(undefined)).toBe('Failed to login. Please check your credentials and try again.');
  });
});

describe('registrationErrorMessage', () => {
  it('joins field errors with line breaks', () => {
    expect(
      registrationErrorMessage({
        status: 422,
        data: { message: 'x', errors: { email: ['Taken'], phone: ['Bad phone'] } },
      }),
    ).toBe('Taken\nBad phone');
  });
  it('else the message, else "Registration failed"', () => {
    expect(registrationErrorMessage({ status: 500, data: { message: 'Down' } })).toBe('Down');
    expect(registrationErrorMessage({ status: 500, data: {} })).toBe('Registration failed');
  });
});

describe('demoLoginErrorMessage', () => {
  it('no token, server message, fallback', () => {
    expect(demoLoginErrorMessage({ status: 'CUSTOM_ERROR', error: MESSAGES.demoNoToken })).toBe(
      'No token received from server. Please try again.',
    );
    expect(demoLoginErrorMessage({ status: 500, data: { message: 'Nope' } })).toBe('Nope');
    expect(demoLoginErrorMessage({ status: 'FETCH_ERROR', error: 'x' })).toBe(
      'Failed to log in as demo user. Please try again.',
    );
  });
  it('a 404 follows the same chain: its message, else the generic text', () => {
    expect(demoLoginErrorMessage({ status: 404, data: { message: MESSAGES.demoDisabled } })).toBe(
      'The demo account is not enabled on this server.',
    );
    expect(demoLoginErrorMessage({ status: 404, data: { message: 'Not found.' } })).toBe('Not found.');
    expect(demoLoginErrorMessage({ status: 404, data: {} })).toBe('Failed to log in as demo user. Please try again.');
  });
});

describe('waitlistErrorMessage', () => {
  it('errors.email[0], then the message, then the generic text', () => {
    expect(
      waitlistErrorMessage({
        status: 422,
        data: { success: false, message: 'm', errors: { email: ['Already on the list', 'x'] } },
      }),
    ).toBe('Already on the list');
    expect(waitlistErrorMessage({ status: 429, data: { message: 'Slow down' } })).toBe('Slow down');
    expect(waitlistErrorMessage({ status: 'FETCH_ERROR', error: 'x' })).toBe('An error occurred. Please try again.');
  });
});

describe('errorMessage', () => {
  it('message or fallback', () => {
    expect(errorMessage({ status: 400, data: { message: 'Bad' } }, 'f')).toBe('Bad');
    expect(errorMessage({ status: 400, data: 'x' }, 'f')).toBe('f');
  });
});

describe('splitServerErrors', () => {
  const error = {
    status: 422,
    data: {
      message: 'The given data was invalid.',
      errors: { name: ['Name is required', 'Too short'], 'lines.0.tax': ['Unknown tax'] },
    },
  } as const;

  it('puts the first message of each known field under it, the rest in the form message', () => {
    expect(splitServerErrors(error, (key) => key === 'name', 'Could not save.')).toEqual({
      fields: { name: 'Name is required' },
      message: 'The given data was invalid.\nUnknown tax',
    });
  });

  it('falls back to the given message when the server sent none', () => {
    expect(
      splitServerErrors({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, () => true, 'Could not save.'),
    ).toEqual({ fields: {}, message: 'Could not save.' });
  });
});
