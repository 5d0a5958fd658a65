import {
  billToBlockLines,
  businessBlockLines,
  defaultRecipientEmails,
  toDateFormat,
  type DocumentParties as PrintedParties,
  type InvoiceClientSummary,
  type InvoiceLineResponse,
  type InvoiceTotals,
  type PublicInvoice,
} from '@ledgerleaf/domain';
import { findBusinessById, findClient, listActivity, listClientContacts, type Db } from '@ledgerleaf/db';
import { addressLines } from './document-pdf';

/*
 * What an invoice and an estimate show besides their own figures: the business that issues it, the
 * client it is for, and the timeline of its events. The owner's view, the PDF and the public page
 * of both are built from these.
 */

/** The issuing business, as the PDF, the emails and the public page print it. */
export interface DocumentBusiness {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company_logo: string | null;
  /** Printed on the PDF under the name (business settings). */
  address?: string | null;
  tax_id?: string | null;
  /** The business's date format (business settings): the PDF's, the emails' and the public page's dates. */
  date_format: string;
}

/** The client a document is for, with its billing address and contacts. */
export interface DocumentClient {
  id: number;
  kind: string;
  name: string;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  billing_address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
  };
  contacts: Array<{ name: string; email: string | null; phone: string | null; is_primary: boolean }>;
}

export interface DocumentParties {
  business: DocumentBusiness;
  client: DocumentClient;
  /** The client as the document's `client` field answers it: who it is sent to by default. */
  summary: InvoiceClientSummary;
}

/** The business and one of its clients; undefined when either is missing (answer 404). Works on a transaction too. */
export async function loadDocumentParties(
  db: Db,
  businessId: number,
  clientId: number,
): Promise<DocumentParties | undefined> {
  const [client, contacts, business] = await Promise.all([
    findClient(db, { businessId, clientId }),
    listClientContacts(db, { businessId, clientIds: [clientId] }),
    findBusinessById(db, { businessId }),
  ]);
  if (!client || !business) return undefined;
  return {
    summary: {
      id: client.id,
      name: client.name,
      email: client.email,
      recipients: defaultRecipientEmails(contacts, client.email),
    },
    business: {
      id: business.id,
      name: business.name,
      email: business.email,
      phone: business.phone,
      company_logo: business.company_logo,
      address: business.address ?? null,
      tax_id: business.tax_id ?? null,
      date_format: business.date_format,
    },
    client: {
      id: client.id,
      kind: client.kind,
      name: client.name,
      email: client.email,
      phone: client.phone,
      tax_id: client.tax_id,
      billing_address: {
        line1: client.billing_line1,
        line2: client.billing_line2,
        city: client.billing_city,
        state: client.billing_state,
        postal_code: client.billing_postal_code,
        country: client.billing_country,
      },
      contacts: contacts.map((contact) => ({
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        is_primary: Boolean(contact.is_primary),
      })),
    },
  };
}

// ---------------------------------------------------------------- timeline

/** An activity-log entry on a document's timeline. */
export interface DocumentActivity {
  id: number;
  event: string;
  user_id: number | null;
  data: Record<string, unknown>;
  created_at: string;
}

function activityView(row: {
  id: number;
  event: string;
  user_id: number | null;
  data: string;
  created_at: string;
}): DocumentActivity {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { id: row.id, event: row.event, user_id: row.user_id, data, created_at: row.created_at };
}

/** A document's timeline: its latest 200 events (the activity log of its subject). */
export async function documentActivity(
  db: Db,
  businessId: number,
  subject: { type: 'invoice' | 'estimate'; id: number },
): Promise<DocumentActivity[]> {
  const rows = await listActivity(db, { businessId, subjectType: subject.type, subjectId: subject.id, limit: 200 });
  return rows.map(activityView);
}

// ---------------------------------------------------------------- public page

/** What the public page of an invoice and of an estimate share: who, the lines and the totals, no ids. */
export type PublicDocumentParts = Pick<
  PublicInvoice,
  'business' | 'client' | 'parties' | 'lines' | 'discount_type' | 'discount_value' | 'totals' | 'notes' | 'terms'
>;

/**
 * The From and Bill to blocks of a document, line for line as its PDF prints them (the domain's
 * `businessBlockLines` and `billToBlockLines`, which the PDF calls too): the owner's page, the
 * public page and the PDF show the same business and client details.
 */
export function documentParties(business: DocumentBusiness, client: DocumentClient): PrintedParties {
  const contacts = [...client.contacts].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return {
    from: {
      name: business.name,
      lines: businessBlockLines({
        address_lines: (business.address ?? '').split(/\r?\n/),
        email: business.email,
        phone: business.phone,
        tax_id: business.tax_id,
      }),
    },
    bill_to: {
      name: client.name,
      lines: billToBlockLines({
        name: client.name,
        address_lines: addressLines(client.billing_address),
        email: client.email,
        phone: client.phone,
        contacts,
      }),
    },
  };
}

export function publicDocumentParts(
  document: {
    business: DocumentBusiness;
    client: DocumentClient;
    lines: InvoiceLineResponse[];
    totals: InvoiceTotals;
  } & Pick<PublicInvoice, 'discount_type' | 'discount_value' | 'notes' | 'terms'>,
): PublicDocumentParts {
  const tax = (item: { name: string; rate: number; is_compound: boolean; taxable: number; amount: number }) => ({
    name: item.name,
    rate: item.rate,
    is_compound: item.is_compound,
    taxable: item.taxable,
    amount: item.amount,
  });
  return {
    business: {
      name: document.business.name,
      email: document.business.email,
      phone: document.business.phone,
      date_format: toDateFormat(document.business.date_format),
    },
    client: { name: document.client.name, address_lines: addressLines(document.client.billing_address) },
    parties: documentParties(document.business, document.client),
    lines: document.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      discount_type: line.discount_type,
      discount_value: line.discount_value,
      subtotal: line.subtotal,
      discount: line.discount,
      net: line.net,
      invoice_discount: line.invoice_discount,
      taxable: line.taxable,
      taxes: line.taxes.map(tax),
      tax: line.tax,
      total: line.total,
    })),
    discount_type: document.discount_type,
    discount_value: document.discount_value,
    totals: { ...document.totals, taxes: document.totals.taxes.map(tax) },
    notes: document.notes,
    terms: document.terms,
  };
}
