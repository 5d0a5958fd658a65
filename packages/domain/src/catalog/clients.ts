import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../common';
import { MAX_ID } from '../limits';
import {
  catalogStatusFilterSchema,
  importPreviewSchema,
  catalogNameSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalTextSchema,
  parseCsvBoolean,
  parseCsvNumber,
  paymentTermsDaysSchema,
  recordStatusSchema,
} from './shared';
import { CATALOG_MESSAGES, MAX_CONTACTS, NOTES_MAX_LENGTH } from './messages';

export const clientKindSchema = z.enum(['company', 'person'], { error: CATALOG_MESSAGES.kindInvalid });
export type ClientKind = z.infer<typeof clientKindSchema>;

/** A postal address; every line optional. `country` is an ISO code or a name ('US' by default in forms). */
export const addressSchema = z.strictObject({
  line1: optionalTextSchema(255),
  line2: optionalTextSchema(255),
  city: optionalTextSchema(120),
  state: optionalTextSchema(120),
  postal_code: optionalTextSchema(32),
  country: optionalTextSchema(120),
});
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;
export const EMPTY_ADDRESS: Address = {
  line1: null,
  line2: null,
  city: null,
  state: null,
  postal_code: null,
  country: null,
};

export const clientContactInputSchema = z.strictObject({
  /** On update: the id of one of the client's contacts keeps that contact (its id stays); omitted or unknown: a new contact. */
  id: z
    .number({ error: 'Invalid contact' })
    .int('Invalid contact')
    .positive('Invalid contact')
    .max(MAX_ID, 'Invalid contact')
    .optional(),
  name: z
    .string({ error: CATALOG_MESSAGES.contactNameRequired })
    .trim()
    .min(1, CATALOG_MESSAGES.contactNameRequired)
    .max(255, CATALOG_MESSAGES.nameTooLong),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  is_primary: z.boolean().default(false),
});
export type ClientContactInput = z.input<typeof clientContactInputSchema>;

/**
 * Create and update (PUT replaces the whole client, contacts included: contacts left out are
 * deleted). When contacts are given and none is marked primary, the first becomes primary; two
 * primaries are refused. `payment_terms_days` omitted or null: on create the business default
 * (settings, 30 days), on update the client's current terms.
 */
export const clientRequestSchema = z
  .strictObject({
    kind: clientKindSchema.default('company'),
    name: catalogNameSchema,
    email: optionalEmailSchema,
    phone: optionalPhoneSchema,
    billing_address: addressSchema.nullish(),
    shipping_address: addressSchema.nullish(),
    payment_terms_days: paymentTermsDaysSchema.nullish(),
    notes: optionalTextSchema(NOTES_MAX_LENGTH),
    tax_id: optionalTextSchema(64),
    is_active: z.boolean().default(true),
    contacts: z.array(clientContactInputSchema).max(MAX_CONTACTS, CATALOG_MESSAGES.tooManyContacts).default([]),
  })
  .superRefine((value, ctx) => {
    const primaries = value.contacts.filter((contact) => contact.is_primary).length;
    if (primaries > 1) ctx.addIssue({ code: 'custom', path: ['contacts'], message: CATALOG_MESSAGES.twoPrimaries });
    const ids = value.contacts.map((contact) => contact.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['contacts'], message: CATALOG_MESSAGES.duplicateContact });
  });
export const clientCreateRequestSchema = clientRequestSchema;
export const clientUpdateRequestSchema = clientRequestSchema;
export type ClientRequestInput = z.input<typeof clientRequestSchema>;
export type ClientRequest = z.output<typeof clientRequestSchema>;
export type ClientCreateRequest = ClientRequest;
export type ClientUpdateRequest = ClientRequest;

export const clientContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_primary: z.boolean(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;

const responseAddressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});

/** A client in lists. Amounts are decimal numbers (`balance_outstanding: 1250.5`); dates ISO 8601 UTC. */
export const clientListItemSchema = z.object({
  id: z.number().int(),
  kind: clientKindSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  billing_address: responseAddressSchema,
  shipping_address: responseAddressSchema,
  payment_terms_days: z.number().int(),
  notes: z.string().nullable(),
  tax_id: z.string().nullable(),
  is_active: z.boolean(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Sum of the balances due of the client's issued invoices (0 until invoices exist). */
  balance_outstanding: z.number(),
  /** The client has invoices: it can be archived, not deleted. */
  has_invoices: z.boolean(),
  primary_contact: clientContactSchema.nullable(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/** `GET /api/clients/:id`, and the answer of create/update. */
export const clientSchema = clientListItemSchema.extend({ contacts: z.array(clientContactSchema) });
export type Client = z.infer<typeof clientSchema>;

export const clientResponseSchema = z.object({ data: clientSchema, message: z.string().optional() });
export type ClientResponse = z.infer<typeof clientResponseSchema>;

export const CLIENT_SORT_FIELDS = ['name', 'created_at', 'balance'] as const;
/** `GET /api/clients?search=&sort=name|created_at|balance&direction=asc|desc&page=&per_page=&status=active|archived|all` */
export const clientListQuerySchema = listQuerySchema(CLIENT_SORT_FIELDS, 'name').extend({
  status: catalogStatusFilterSchema.default('active'),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
export type ClientListQueryInput = z.input<typeof clientListQuerySchema>;

export const clientPageSchema = pageSchema(clientListItemSchema);
export type ClientPage = z.infer<typeof clientPageSchema>;

/** One row of the client picker (`GET /api/clients/search?q=&limit=`): active, non-archived clients only. */
export const clientPickerItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  payment_terms_days: z.number().int(),
});
export type ClientPickerItem = z.infer<typeof clientPickerItemSchema>;
export const clientPickerResponseSchema = z.object({ data: z.array(clientPickerItemSchema) });
export type ClientPickerResponse = z.infer<typeof clientPickerResponseSchema>;

/**
 * CSV columns, in export order. Import reads the same columns (header names, any order; only
 * `name` is required); `id`, `status`, `balance_outstanding` and `created_at` are export-only and
 * ignored on import, so an exported file imports again. One contact per row (the primary one).
 */
export const CLIENT_CSV_COLUMNS = [
  'id',
  'kind',
  'name',
  'email',
  'phone',
  'contact_name',
  'contact_email',
  'contact_phone',
  'billing_line1',
  'billing_line2',
  'billing_city',
  'billing_state',
  'billing_postal_code',
  'billing_country',
  'shipping_line1',
  'shipping_line2',
  'shipping_city',
  'shipping_state',
  'shipping_postal_code',
  'shipping_country',
  'payment_terms_days',
  'tax_id',
  'notes',
  'is_active',
  'status',
  'balance_outstanding',
  'created_at',
] as const;
export const CLIENT_CSV_EXPORT_ONLY = ['id', 'status', 'balance_outstanding', 'created_at'] as const;
export const CLIENT_CSV_REQUIRED = ['name'] as const;

/** Maps a CSV row (cells keyed by column) to the create request, before validation. */
export function clientCsvRowToRequest(values: Record<string, string>): {
  input: Record<string, unknown>;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const cell = (key: string): string | undefined => {
    const v = values[key];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const address = (prefix: 'billing' | 'shipping') => {
    const result: Record<string, string | undefined> = {
      line1: cell(`${prefix}_line1`),
      line2: cell(`${prefix}_line2`),
      city: cell(`${prefix}_city`),
      state: cell(`${prefix}_state`),
      postal_code: cell(`${prefix}_postal_code`),
      country: cell(`${prefix}_country`),
    };
    return Object.values(result).some((v) => v !== undefined) ? result : null;
  };
  const input: Record<string, unknown> = {
    name: values.name ?? '',
    email: cell('email') ?? null,
    phone: cell('phone') ?? null,
    billing_address: address('billing'),
    shipping_address: address('shipping'),
    tax_id: cell('tax_id') ?? null,
    notes: cell('notes') ?? null,
  };
  const kind = cell('kind')?.toLowerCase();
  if (kind !== undefined) input.kind = kind;
  const terms = parseCsvNumber(values.payment_terms_days);
  if (terms === null) errors.payment_terms_days = [CATALOG_MESSAGES.paymentTermsInvalid];
  else if (terms !== undefined) input.payment_terms_days = terms;
  const active = parseCsvBoolean(values.is_active, true);
  if (active === null) errors.is_active = [CATALOG_MESSAGES.csvBooleanInvalid];
  else input.is_active = active;
  const contactName = cell('contact_name');
  const contactEmail = cell('contact_email');
  const contactPhone = cell('contact_phone');
  if (contactName !== undefined || contactEmail !== undefined || contactPhone !== undefined) {
    input.contacts = [
      { name: contactName ?? '', email: contactEmail ?? null, phone: contactPhone ?? null, is_primary: true },
    ];
  }
  return { input, errors };
}

export const clientImportPreviewSchema = importPreviewSchema(clientRequestSchema);
export type ClientImportPreview = z.infer<typeof clientImportPreviewSchema>;
