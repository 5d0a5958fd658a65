import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES, renderEmailTemplate } from '../account/email-templates';
import { greetingName } from './recipients';

const client = {
  name: 'Northwind Coffee Roasters',
  contacts: [
    { name: 'Ana Souza', email: 'ana@northwind.test' },
    { name: 'Ben Okafor', email: 'ben@northwind.test' },
    { name: 'Carla', email: 'carla@northwind.test' },
    { name: '', email: 'ap@northwind.test' },
  ],
};

describe('greetingName (issue 11: the email greets the named contact)', () => {
  it('greets a named contact by first name, not the company', () => {
    expect(greetingName(client, ['ana@northwind.test'])).toBe('Ana');
    expect(greetingName(client, ['ANA@northwind.test '])).toBe('Ana');
  });

  it('greets several named contacts together', () => {
    expect(greetingName(client, ['ana@northwind.test', 'ben@northwind.test'])).toBe('Ana and Ben');
    expect(greetingName(client, ['ana@northwind.test', 'ben@northwind.test', 'carla@northwind.test'])).toBe(
      'Ana, Ben and Carla',
    );
  });

  it('greets the client when any address is not a named contact', () => {
    expect(greetingName(client, ['ap@northwind.test'])).toBe('Northwind Coffee Roasters');
    expect(greetingName(client, ['ana@northwind.test', 'boss@elsewhere.test'])).toBe('Northwind Coffee Roasters');
    expect(greetingName({ name: 'Solo Studio' }, ['hello@solo.test'])).toBe('Solo Studio');
    expect(greetingName(client, [])).toBe('Northwind Coffee Roasters');
  });
});

describe('the default document emails greet {{recipient_name}}', () => {
  it.each(['invoice', 'estimate', 'payment_receipt', 'reminder'] as const)('%s', (key) => {
    expect(
      renderEmailTemplate(DEFAULT_EMAIL_TEMPLATES[key], { client_name: 'Acme', recipient_name: 'Ana' }).text,
    ).toMatch(/^Hello Ana,/);
    // A caller that names no recipient greets the client.
    expect(renderEmailTemplate(DEFAULT_EMAIL_TEMPLATES[key], { client_name: 'Acme' }).text).toMatch(/^Hello Acme,/);
  });
});
