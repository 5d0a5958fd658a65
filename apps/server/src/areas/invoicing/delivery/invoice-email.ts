import { formatCurrency, renderEmailTemplate, type EmailTemplateText } from '@ledgerleaf/domain';
import { composeDocumentEmail, oneLineSubject, type ComposedEmail } from '../../../lib/email-layout';
import { businessDate } from '../../../lib/display-date';

export type { ComposedEmail } from '../../../lib/email-layout';

export interface InvoiceEmailFacts {
  businessName: string;
  clientName: string;
  /** Whom the email greets (`greetingName`): the named contacts it goes to, else the client. */
  recipientName?: string;
  invoiceNumber: string;
  total: number;
  balanceDue: number;
  dueDate: string;
  /** The business's date format (business settings); `mm/dd/yy` when omitted. */
  dateFormat?: string | null;
  publicUrl: string;
  /** The sender's own words; replaces the default opening paragraph. */
  message?: string | null;
  subject?: string | null;
  /** The business's invoice email template (/user/settings/email-templates); used when the sender wrote no message. */
  template?: EmailTemplateText | null;
}

export function defaultInvoiceSubject(facts: Pick<InvoiceEmailFacts, 'invoiceNumber' | 'businessName'>): string {
  return `Invoice ${facts.invoiceNumber} from ${facts.businessName}`;
}

/**
 * The invoice email in text and HTML. Without a message from the sender it is the business's
 * template (values escaped in the HTML); with one, the message opens the standard layout. A subject
 * from the sender wins over the template's.
 */
export function composeInvoiceEmail(facts: InvoiceEmailFacts): ComposedEmail {
  const due = businessDate(facts.dueDate, facts.dateFormat);
  if (facts.template && !facts.message?.trim()) {
    const rendered = renderEmailTemplate(facts.template, {
      client_name: facts.clientName,
      recipient_name: facts.recipientName ?? facts.clientName,
      invoice_number: facts.invoiceNumber,
      amount: formatCurrency(facts.total),
      balance_due: formatCurrency(facts.balanceDue),
      due_date: due,
      link: facts.publicUrl,
      business_name: facts.businessName,
    });
    const subject = oneLineSubject(facts.subject?.trim() || rendered.subject || defaultInvoiceSubject(facts));
    return { subject, text: rendered.text, html: rendered.html };
  }
  const opening =
    facts.message?.trim() ||
    `Please find attached invoice ${facts.invoiceNumber} for ${formatCurrency(facts.total)}. The balance of ${formatCurrency(facts.balanceDue)} is due on ${due}.`;
  return composeDocumentEmail({
    clientName: facts.recipientName ?? facts.clientName,
    businessName: facts.businessName,
    subject: facts.subject?.trim() || defaultInvoiceSubject(facts),
    opening,
    rows: [
      { label: 'Invoice', value: facts.invoiceNumber },
      { label: 'Balance due', value: formatCurrency(facts.balanceDue), strong: true },
      { label: 'Due date', value: due },
    ],
    publicUrl: facts.publicUrl,
    button: 'View invoice',
    linkIntro: 'View and download the invoice online:',
  });
}
