import {
  ADDRESS_FIELDS,
  clientRequestSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
  validateWith,
  type Client,
  type ClientKind,
  type ClientRequestInput,
} from '@ledgerleaf/domain';

export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

export interface ContactValues {
  /** Stable React key; never sent. */
  key: string;
  name: string;
  email: string;
  phone: string;
  is_primary: boolean;
}

/** What the client form holds: text inputs hold strings, the request wants nulls and numbers. */
export interface ClientFormValues {
  kind: ClientKind;
  name: string;
  email: string;
  phone: string;
  billing_address: AddressValues;
  shipping_address: AddressValues;
  same_as_billing: boolean;
  payment_terms_days: number | string;
  tax_id: string;
  notes: string;
  is_active: boolean;
  contacts: ContactValues[];
}

let contactKey = 0;
export function newContact(isPrimary: boolean): ContactValues {
  contactKey += 1;
  return { key: `contact-${contactKey}`, name: '', email: '', phone: '', is_primary: isPrimary };
}

const emptyAddress = (): AddressValues => ({ line1: '', line2: '', city: '', state: '', postal_code: '', country: '' });

function addressValues(address: Client['billing_address'] | null | undefined): AddressValues {
  const result = emptyAddress();
  for (const field of ADDRESS_FIELDS) result[field] = address?.[field] ?? '';
  return result;
}

function sameAddress(a: AddressValues, b: AddressValues): boolean {
  return ADDRESS_FIELDS.every((field) => a[field] === b[field]);
}

export function emptyClientValues(paymentTermsDays = DEFAULT_PAYMENT_TERMS_DAYS): ClientFormValues {
  return {
    kind: 'company',
    name: '',
    email: '',
    phone: '',
    billing_address: emptyAddress(),
    shipping_address: emptyAddress(),
    same_as_billing: true,
    payment_terms_days: paymentTermsDays,
    tax_id: '',
    notes: '',
    is_active: true,
    contacts: [],
  };
}

export function clientToValues(client: Client): ClientFormValues {
  const billing = addressValues(client.billing_address);
  const shipping = addressValues(client.shipping_address);
  const shippingEmpty = ADDRESS_FIELDS.every((field) => shipping[field] === '');
  return {
    kind: client.kind,
    name: client.name,
    email: client.email ?? '',
    phone: client.phone ?? '',
    billing_address: billing,
    shipping_address: shipping,
    same_as_billing: shippingEmpty || sameAddress(billing, shipping),
    payment_terms_days: client.payment_terms_days,
    tax_id: client.tax_id ?? '',
    notes: client.notes ?? '',
    is_active: client.is_active,
    contacts: client.contacts.map((contact) => ({
      ...newContact(contact.is_primary),
      name: contact.name,
      email: contact.email ?? '',
      phone: contact.phone ?? '',
    })),
  };
}

/** The request the form sends; the domain schema validates exactly this in the browser and on the server. */
export function valuesToRequest(values: ClientFormValues): ClientRequestInput {
  const terms = values.payment_terms_days;
  return {
    kind: values.kind,
    name: values.name,
    email: values.email,
    phone: values.phone,
    billing_address: values.billing_address,
    shipping_address: values.same_as_billing ? values.billing_address : values.shipping_address,
    payment_terms_days: terms === '' ? null : Number(terms),
    tax_id: values.tax_id,
    notes: values.notes,
    is_active: values.is_active,
    contacts: values.contacts.map(({ name, email, phone, is_primary }) => ({ name, email, phone, is_primary })),
  };
}

/** @mantine/form `validate`: the domain schema's messages, keyed like the form's fields. */
export function validateClient(values: ClientFormValues): Record<string, string> {
  const errors = { ...validateWith(clientRequestSchema, valuesToRequest(values)).errors };
  // With "Same as billing" the shipping fields are hidden: their errors are the billing ones.
  if (values.same_as_billing)
    for (const key of Object.keys(errors)) if (key.startsWith('shipping_address.')) delete errors[key];
  return errors;
}

const FIELD_KEYS =
  /^(kind|name|email|phone|payment_terms_days|tax_id|notes|is_active|contacts|(billing|shipping)_address(\.\w+)?|contacts\.\d+\.(name|email|phone|is_primary))$/;

/** Whether a server error key has a field on the form. */
export function isClientField(key: string): boolean {
  return FIELD_KEYS.test(key);
}
