import { formatCurrency } from '@ledgerleaf/domain';
import { composeDocumentEmail, type ComposedEmail } from '../../../lib/email-layout';
import { businessDate } from '../../../lib/display-date';

/**
 * The estimate email when the sender typed their own message (otherwise the business's `estimate`
 * template through the account area's `renderEmail`), in the layout the invoice email uses.
 */
export function composeEstimateEmail(facts: {
  businessName: string;
  clientName: string;
  estimateNumber: string;
  total: number;
  expiryDate: string;
  dateFormat?: string | null;
  publicUrl: string;
  message?: string | null;
  subject?: string | null;
}): ComposedEmail {
  const expiry = businessDate(facts.expiryDate, facts.dateFormat);
  return composeDocumentEmail({
    clientName: facts.clientName,
    businessName: facts.businessName,
    subject: facts.subject?.trim() || `Estimate ${facts.estimateNumber} from ${facts.businessName}`,
    opening:
      facts.message?.trim() ||
      `Please find attached estimate ${facts.estimateNumber} for ${formatCurrency(facts.total)}. It is valid until ${expiry}; you can accept or decline it online.`,
    rows: [
      { label: 'Estimate', value: facts.estimateNumber },
      { label: 'Total', value: formatCurrency(facts.total) },
      { label: 'Valid until', value: expiry },
    ],
    publicUrl: facts.publicUrl,
    button: 'View estimate',
    linkIntro: 'View estimate online:',
  });
}
