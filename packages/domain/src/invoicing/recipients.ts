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

/**
 * Whom a document email greets (issue 11): when it goes only to the client's named contacts, their
 * first names ("Ana", "Ana and Ben", "Ana, Ben and Carla"); otherwise (the client's own address, an
 * address typed by hand, a contact without a name) the client's name.
 */
export function greetingName(
  client: { name: string; contacts?: readonly { name: string | null; email: string | null }[] },
  to: readonly string[],
): string {
  const byEmail = new Map<string, string>();
  for (const contact of client.contacts ?? []) {
    const email = contact.email?.trim().toLowerCase();
    const first = contact.name?.trim().split(/\s+/)[0];
    if (email && first && !byEmail.has(email)) byEmail.set(email, first);
  }
  const names: string[] = [];
  for (const address of to) {
    const name = byEmail.get(address.trim().toLowerCase());
    if (!name) return client.name;
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) return client.name;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
