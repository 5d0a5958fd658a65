import type { InvoiceClientSummary } from './contracts';

/* Who a client's invoices, estimates and receipts are emailed to by default (the server and the web agree). */

/**
 * Where a client's documents are emailed by default: every contact's email (the primary contact
 * first), else the client's own email; trimmed, without repeats (compared case-insensitively).
 */
export function defaultRecipientEmails(
  contacts: readonly { email: string | null; is_primary?: boolean | number | null }[],
  clientEmail: string | null,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (email: string | null) => {
    const trimmed = email?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) return;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  };
  const ordered = [...contacts].sort((a, b) => Number(Boolean(b.is_primary)) - Number(Boolean(a.is_primary)));
  for (const contact of ordered) add(contact.email);
  if (out.length === 0) add(clientEmail);
  return out;
}

/** A document's default recipients as the web offers them: the summary's `recipients`, else the client's own email. */
export function recipientsOf(client: Pick<InvoiceClientSummary, 'email' | 'recipients'>): string[] {
  return client.recipients ?? (client.email ? [client.email] : []);
}
