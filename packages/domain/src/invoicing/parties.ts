import { z } from 'zod';
import { formatUsPhone } from '../auth';

/*
 * Who a document is from and who it is billed to, as printed: the same lines on the PDF, the
 * public page and the owner's page, so what the owner checks is what the client gets.
 */

export const documentPartySchema = z.object({ name: z.string(), lines: z.array(z.string()) });
export const documentPartiesSchema = z.object({ from: documentPartySchema, bill_to: documentPartySchema });
export type DocumentParty = z.infer<typeof documentPartySchema>;
export type DocumentParties = z.infer<typeof documentPartiesSchema>;

/** A phone as printed, for the business and the client alike: 5035550199 as (503) 555-0199; anything else as typed. */
export function displayPhone(value: string | null | undefined): string | null {
  return value == null || value.trim() === '' ? null : formatUsPhone(value.trim());
}

function nonEmpty(values: ReadonlyArray<string | null | undefined>): string[] {
  return values.map((value) => value?.trim() ?? '').filter((value) => value !== '');
}

/** The business's block under its name: postal address line by line, email, phone, `Tax ID: …`. */
export function businessBlockLines(business: {
  address_lines?: readonly string[] | null;
  email?: string | null;
  phone?: string | null;
  tax_id?: string | null;
}): string[] {
  return nonEmpty([
    ...(business.address_lines ?? []),
    business.email,
    displayPhone(business.phone),
    business.tax_id ? `Tax ID: ${business.tax_id}` : null,
  ]);
}

/**
 * The Bill to block under the client's name: `Attn: <contact>` (the primary contact, or the first,
 * when it is not the client's own name), the billing address line by line, then the client's email
 * and phone (else the contact's).
 */
export function billToBlockLines(client: {
  name: string;
  address_lines?: readonly string[] | null;
  email?: string | null;
  phone?: string | null;
  /** Primary first. */
  contacts?: ReadonlyArray<{ name: string; email?: string | null; phone?: string | null }> | null;
}): string[] {
  const contact = client.contacts?.find((candidate) => candidate.name.trim() !== '') ?? null;
  return nonEmpty([
    contact && contact.name !== client.name ? `Attn: ${contact.name}` : null,
    ...(client.address_lines ?? []),
    client.email ?? contact?.email,
    displayPhone(client.phone ?? contact?.phone),
  ]);
}
