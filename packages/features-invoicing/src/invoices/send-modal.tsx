import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { invoiceSendInputSchema, validateWith, type InvoiceSendResponse, recipientsOf } from '@ledgerleaf/domain';
import { useSendInvoiceMutation, type RequestError, splitServerErrors, newIdempotencyKey } from '@ledgerleaf/api';
import { FormAlert } from '@ledgerleaf/ui';

interface SendValues {
  to: string[];
  subject: string;
  message: string;
}

export interface SendModalProps<R = InvoiceSendResponse> {
  opened: boolean;
  onClose: () => void;
  invoice: {
    id: number;
    invoice_number: string | null;
    status: string;
    client: { email: string | null; recipients?: string[] };
  };
  onSent: (response: R) => void;
  /** Another document's send (an estimate): its request and its wording. The invoice's when omitted. */
  document?: SendDocument<R>;
}

/** What the modal needs to send another kind of document. */
export interface SendDocument<R> {
  /** `estimate` */
  noun: string;
  send: (args: {
    id: number;
    body: { to: string[]; subject: string; message: string };
  }) => Promise<{ data: R } | { error: RequestError }>;
  sending: boolean;
}

/** Send or send again: recipients (the client's email by default), subject and message; the PDF and the public link go with it. */
export function SendModal<R = InvoiceSendResponse>({ opened, onClose, invoice, onSent, document }: SendModalProps<R>) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [send, state] = useSendInvoiceMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // One Idempotency-Key per send: a retry of the same send (after a timeout) reuses it, so the client
  // is mailed once; a changed message gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const again = invoice.status !== 'draft';
  const noun = document?.noun ?? 'invoice';
  const form = useForm<SendValues>({
    initialValues: { to: [], subject: '', message: '' },
    validate: (values) => {
      const errors = validateWith(invoiceSendInputSchema, { ...values, to: values.to }).errors;
      // `to.0` and friends read as one message under the recipients.
      const recipient = Object.entries(errors).find(([key]) => key.startsWith('to'));
      return recipient ? { ...errors, to: recipient[1] } : errors;
    },
  });

  useEffect(() => {
    if (!opened) return;
    attempt.current = null;
    setFormError(null);
    form.setValues({ to: recipientsOf(invoice.client), subject: '', message: '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on each opening
  }, [opened]);

  const submit = async (values: SendValues) => {
    setFormError(null);
    const body = { to: values.to, subject: values.subject, message: values.message };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    const result = document
      ? await document.send({ id: invoice.id, body })
      : ((await send({ id: invoice.id, body, idempotencyKey: attempt.current.key })) as
          { data: R } | { error: RequestError });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key === 'to' || key.startsWith('to.') || key === 'subject' || key === 'message',
        `The ${noun} could not be sent.`,
      );
      const to = Object.entries(fields).find(([key]) => key.startsWith('to'));
      form.setErrors({ ...fields, ...(to ? { to: to[1] } : {}) });
      setFormError(message);
      return;
    }
    onSent(result.data);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={again ? `Send ${noun} again` : `Send ${noun}`}
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {again
              ? `The email carries the PDF and the link to the ${noun} page.`
              : `Sending issues the ${noun}: it gets its number, and the email carries the PDF and the link to the ${noun} page.`}
          </Text>
          {formError && <FormAlert>{formError}</FormAlert>}
          <TagsInput
            label="To"
            description="Press Enter after each address"
            required
            clearable
            {...form.getInputProps('to')}
          />
          <TextInput
            label="Subject"
            placeholder={`${noun[0]?.toUpperCase()}${noun.slice(1)} from your business (default)`}
            maxLength={200}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            placeholder="A short note to your client (optional)"
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={document ? document.sending : state.isLoading}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
