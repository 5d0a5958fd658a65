import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff } from '@tabler/icons-react';
import { displayPhone, formatCurrency, type PublicInvoice as PublicInvoiceData } from '@ledgerleaf/domain';
import { useGetPublicInvoiceQuery, dateFormatting, queryState } from '@ledgerleaf/api';
import { BrandLogo, ColorSchemeToggle } from '@ledgerleaf/ui';
import { RecordLoader } from '@ledgerleaf/ui/routing';
import { InvoiceDocument } from '../invoices/invoice-document';
import { InvoiceStatusBadge } from '../invoices/status-badge';

/** The guest pages' frame (public invoice and estimate): logo, colour scheme, footer. */
export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" py="sm" px="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between">
          <BrandLogo size="sm" />
          <ColorSchemeToggle />
        </Group>
      </Box>
      <Container size="lg" py="xl" component="main">
        {children}
      </Container>
      <Text component="footer" size="xs" c="dimmed" ta="center" pb="lg">
        Sent with Ledgerleaf invoicing
      </Text>
    </Box>
  );
}

/** "Questions? billing@…": the sender's email on a guest page, when the business has one. */
export function QuestionsTo({ email }: { email: string | null }) {
  if (!email) return null;
  return (
    <>
      Questions?{' '}
      <Anchor href={`mailto:${email}`} c="inherit" underline="always">
        {email}
      </Anchor>
    </>
  );
}

/** A guest link that leads nowhere (mistyped, or the document was withdrawn): what to do about it. */
export function PublicNotFound({ noun }: { noun: 'invoice' | 'estimate' }) {
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto">
      <Stack gap="sm" align="center" ta="center">
        <Title order={1} size="h2">
          {noun === 'invoice' ? 'Invoice' : 'Estimate'} not found
        </Title>
        <Text c="dimmed">
          This link does not lead to an {noun}. It may be mistyped, or the {noun} was withdrawn. Please ask the sender
          for a new link.
        </Text>
      </Stack>
    </Paper>
  );
}

/** /i/:token: the invoice as the client reads it, without signing in; its PDF to preview and download. */
export function PublicInvoicePage() {
  const token = useParams().token ?? '';
  const query = useGetPublicInvoiceQuery(token, { skip: token === '' });

  return (
    <Frame>
      <RecordLoader
        state={queryState(query)}
        invalid={token === ''}
        notFound={<PublicNotFound noun="invoice" />}
        errorTitle="The invoice could not be loaded"
      >
        {(invoice) => <PublicInvoice invoice={invoice} />}
      </RecordLoader>
    </Frame>
  );
}

/** The invoice itself: what is owed and by when, its PDF to view or download, the document. */
function PublicInvoice({ invoice }: { invoice: PublicInvoiceData }) {
  const [preview, setPreview] = useState(false);
  // The business's date format, from the page's payload: the client is not signed in.
  const { formatDate } = dateFormatting({ date_format: invoice.business.date_format });
  const settled = invoice.status === 'paid' || invoice.status === 'void';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              Invoice {invoice.invoice_number}
            </Title>
            <InvoiceStatusBadge status={invoice.status} size="lg" forClient />
          </Group>
          <Text c="dimmed" size="sm">
            From {invoice.business.name} · due {formatDate(invoice.due_date)}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={preview ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            onClick={() => setPreview((value) => !value)}
          >
            {preview ? 'Hide PDF' : 'View PDF'}
          </Button>
          <Button component="a" href={invoice.pdf_url} download leftSection={<IconDownload size={16} aria-hidden />}>
            Download PDF
          </Button>
        </Group>
      </Group>
      {!settled && invoice.balance_due > 0 && (
        <Alert color="blue" variant="light" title={`Balance due: ${formatCurrency(invoice.balance_due)}`}>
          Please pay by {formatDate(invoice.due_date)}. <QuestionsTo email={invoice.business.email} />
        </Alert>
      )}
      {preview && (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe
            src={`${invoice.pdf_url}?inline=1`}
            title="Invoice PDF"
            style={{ width: '100%', height: '80vh', border: 0, display: 'block' }}
          />
        </Paper>
      )}
      <InvoiceDocument
        invoice={invoice}
        parties={invoice.parties}
        from={{
          name: invoice.business.name,
          lines: [invoice.business.email, displayPhone(invoice.business.phone)].filter((line): line is string =>
            Boolean(line),
          ),
        }}
        billTo={{ name: invoice.client.name, lines: invoice.client.address_lines }}
        formatDate={formatDate}
      />
    </Stack>
  );
}
