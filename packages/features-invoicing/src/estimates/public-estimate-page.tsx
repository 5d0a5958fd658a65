import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import {
  ESTIMATE_MESSAGES,
  estimateAcceptInputSchema,
  displayPhone,
  estimateDeclineInputSchema,
  formatCurrency,
  validateWith,
  type PublicEstimate as PublicEstimateData,
} from '@ledgerleaf/domain';
import {
  useAcceptPublicEstimateMutation,
  useDeclinePublicEstimateMutation,
  useGetPublicEstimateQuery,
  dateFormatting,
  splitServerErrors,
  queryState,
} from '@ledgerleaf/api';
import { FormAlert } from '@ledgerleaf/ui';
import { RecordLoader } from '@ledgerleaf/ui/routing';
import { InvoiceDocument } from '../invoices/invoice-document';
import { Frame, PublicNotFound, QuestionsTo } from '../public/public-invoice-page';
import { ESTIMATE_DOCUMENT_LABELS } from './estimate-detail-page';
import { EstimateStatusBadge } from './estimate-status';

function AcceptModal({ token, opened, onClose }: { token: string; opened: boolean; onClose: () => void }) {
  const [accept, state] = useAcceptPublicEstimateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => validateWith(estimateAcceptInputSchema, values).errors,
  });
  const submit = async (values: { name: string }) => {
    setFormError(null);
    const result = await accept({ token, body: values });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key === 'name',
        'The estimate could not be accepted.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Accept estimate" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">Type your name to accept this estimate. The sender is notified at once.</Text>
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextInput
            label="Your name"
            required
            autoComplete="name"
            maxLength={200}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={state.isLoading}>
              Accept estimate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeclineModal({ token, opened, onClose }: { token: string; opened: boolean; onClose: () => void }) {
  const [decline, state] = useDeclinePublicEstimateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => validateWith(estimateDeclineInputSchema, values).errors,
  });
  const submit = async (values: { reason: string }) => {
    setFormError(null);
    const result = await decline({ token, body: values });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key === 'reason',
        'The estimate could not be declined.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Decline estimate" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">Declining is final: to go ahead later, ask the sender for a new estimate.</Text>
          {formError && <FormAlert>{formError}</FormAlert>}
          <Textarea label="Reason (optional)" autosize minRows={3} maxRows={8} {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={state.isLoading}>
              Decline estimate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /e/:token: the estimate as the client reads it, without signing in; accept with a name, or decline. */
export function PublicEstimatePage() {
  const token = useParams().token ?? '';
  const query = useGetPublicEstimateQuery(token, { skip: token === '' });

  return (
    <Frame>
      <RecordLoader
        state={queryState(query)}
        invalid={token === ''}
        notFound={<PublicNotFound noun="estimate" />}
        errorTitle="The estimate could not be loaded"
      >
        {(estimate) => <PublicEstimate token={token} estimate={estimate} />}
      </RecordLoader>
    </Frame>
  );
}

/** The estimate itself: its status, what it totals and until when, and Accept or Decline while it may be answered. */
function PublicEstimate({ token, estimate }: { token: string; estimate: PublicEstimateData }) {
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);
  // The business's date format, from the page's payload: the client is not signed in.
  const { formatDate } = dateFormatting({ date_format: estimate.business.date_format });
  return (
    <>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} fz="h2">
                Estimate {estimate.estimate_number}
              </Title>
              <EstimateStatusBadge status={estimate.status} size="lg" />
            </Group>
            <Text c="dimmed" size="sm">
              From {estimate.business.name} · valid until {formatDate(estimate.expiry_date)}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button
              component="a"
              href={estimate.pdf_url}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download PDF
            </Button>
            {estimate.can_respond && (
              <>
                <Button
                  variant="default"
                  color="red"
                  onClick={() => setDeclining(true)}
                  leftSection={<IconX size={16} aria-hidden />}
                >
                  Decline
                </Button>
                <Button onClick={() => setAccepting(true)} leftSection={<IconCheck size={16} aria-hidden />}>
                  Accept
                </Button>
              </>
            )}
          </Group>
        </Group>
        {estimate.status === 'accepted' && (
          <Alert color="green" variant="light" title={ESTIMATE_MESSAGES.accepted} role="status">
            Accepted by {estimate.accepted_by} on {formatDate(estimate.accepted_at)}. {estimate.business.name} will be
            in touch.
          </Alert>
        )}
        {estimate.status === 'declined' && (
          <Alert color="gray" variant="light" title={ESTIMATE_MESSAGES.declined} role="status">
            You declined this estimate on {formatDate(estimate.declined_at)}.
          </Alert>
        )}
        {estimate.status === 'expired' && (
          <Alert color="orange" variant="light" title="This estimate has expired" role="status">
            Please ask {estimate.business.name} for a new one.
          </Alert>
        )}
        {estimate.can_respond && (
          <Alert color="blue" variant="light" title={`Total: ${formatCurrency(estimate.totals.total)}`}>
            Accept or decline by {formatDate(estimate.expiry_date)}. <QuestionsTo email={estimate.business.email} />
          </Alert>
        )}
        <InvoiceDocument
          invoice={{
            ...estimate,
            invoice_number: estimate.estimate_number,
            due_date: estimate.expiry_date,
            amount_paid: 0,
            balance_due: estimate.totals.total,
            credit: 0,
          }}
          labels={ESTIMATE_DOCUMENT_LABELS}
          parties={estimate.parties}
          from={{
            name: estimate.business.name,
            lines: [estimate.business.email, displayPhone(estimate.business.phone)].filter((line): line is string =>
              Boolean(line),
            ),
          }}
          billTo={{ name: estimate.client.name, lines: estimate.client.address_lines }}
          formatDate={formatDate}
        />
      </Stack>
      <AcceptModal token={token} opened={accepting} onClose={() => setAccepting(false)} />
      <DeclineModal token={token} opened={declining} onClose={() => setDeclining(false)} />
    </>
  );
}
