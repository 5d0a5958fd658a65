import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { invoiceSendInputSchema, validateWith, type InvoiceSendResponse } from '@ledgerleaf/domain';
import { useSendInvoiceMutation } from '@ledgerleaf/api';
import { FormAlert } from '../shared/form-alert';
import { splitServerErrors } from '../shared/server-errors';

interface SendValues {
  to: string[];
  subject: string;
  message: string;
}

export interface SendModalProps {
  opened: boolean;
  onClose: () => void;
  invoice: { id: number; invoice_number: string | null; status: string; client: { email: string | null } };
  onSent: (response: InvoiceSendResponse) => void;
}

/** Send or send again: recipients (the client's email by default), subject and message; the PDF and the public link go with it. */
export function SendModal({ opened, onClose, invoice, onSent }: SendModalProps) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [send, state] = useSendInvoiceMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const again = invoice.status !== 'draft';
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
    setFormError(null);
    form.setValues({ to: invoice.client.email ? [invoice.client.email] : [], subject: '', message: '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on each opening
  }, [opened]);

  const submit = async (values: SendValues) => {
    setFormError(null);
    const result = await send({ id: invoice.id, body: { to: values.to, subject: values.subject, message: values.message } });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(result.error, (key) => key === 'to' || key.startsWith('to.') || key === 'subject' || key === 'message', 'The invoice could not be sent.');
      const to = Object.entries(fields).find(([key]) => key.startsWith('to'));
      form.setErrors({ ...fields, ...(to ? { to: to[1] } : {}) });
      setFormError(message);
      return;
    }
    onSent(result.data);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={again ? 'Send invoice again' : 'Send invoice'} size="lg" fullScreen={narrow} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {again ? 'The email carries the PDF and the link to the invoice page.' : 'Sending issues the invoice: it gets its number, and the email carries the PDF and the link to the invoice page.'}
          </Text>
          {formError && <FormAlert>{formError}</FormAlert>}
          <TagsInput label="To" description="Press Enter after each address" required clearable {...form.getInputProps('to')} />
          <TextInput label="Subject" placeholder="Invoice from your business (default)" maxLength={200} {...form.getInputProps('subject')} />
          <Textarea label="Message" placeholder="A short note to your client (optional)" autosize minRows={3} maxRows={10} {...form.getInputProps('message')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={state.isLoading}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
