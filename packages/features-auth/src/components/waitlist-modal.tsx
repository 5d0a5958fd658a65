import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  MESSAGES,
  validateWith,
  waitlistRequestSchema,
  WAITLIST_BOT_THRESHOLD_MS,
  WAITLIST_CLOSE_DELAY_MS,
  WAITLIST_MIN_INTERVAL_MS,
} from '@ledgerleaf/domain';
import { useEarlyAccessMutation, waitlistErrorMessage } from '@ledgerleaf/api';

export interface WaitlistModalProps {
  opened: boolean;
  onClose: () => void;
}

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/**
 * The waiting list (SPEC.md sections 2, 4, 5 and 8). The form's load time is when the modal opens;
 * a submit sooner than 1.5 s after it is treated as a bot and silently "succeeds" without a call;
 * submits closer than 3 s apart are refused. Success closes the modal after 2 s and clears the email.
 */
export function WaitlistModal({ opened, onClose }: WaitlistModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Join the waiting list" centered closeOnClickOutside>
      {opened ? <WaitlistForm onClose={onClose} /> : null}
    </Modal>
  );
}

function WaitlistForm({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [joinWaitlist, { isLoading }] = useEarlyAccessMutation();
  // Mounted when the modal opens: that is when the form "loaded".
  const [loadedAt] = useState(() => Date.now());
  const lastSubmitAt = useRef<number | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const succeed = (text: string) => {
    setFeedback({ kind: 'success', text });
    closeTimer.current = setTimeout(() => {
      setEmail('');
      onClose();
    }, WAITLIST_CLOSE_DELAY_MS);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFeedback(null);
    const check = validateWith(waitlistRequestSchema, { email, website: '', timestamp: loadedAt });
    const invalid = check.errors.email;
    setEmailError(invalid ?? null);
    if (invalid) return;

    const now = Date.now();
    if (lastSubmitAt.current !== null && now - lastSubmitAt.current < WAITLIST_MIN_INTERVAL_MS) {
      setFeedback({ kind: 'error', text: MESSAGES.waitlistWait });
      return;
    }
    lastSubmitAt.current = now;

    // A person cannot read the form and type an address in 1.5 s, and never sees the honeypot.
    if (now - loadedAt < WAITLIST_BOT_THRESHOLD_MS || website !== '') {
      succeed(MESSAGES.waitlistSuccess);
      return;
    }

    const result = await joinWaitlist({ email: email.trim(), website, timestamp: loadedAt });
    if ('error' in result) {
      setFeedback({ kind: 'error', text: waitlistErrorMessage(result.error) });
      return;
    }
    if (!result.data.success) {
      setFeedback({ kind: 'error', text: result.data.message || MESSAGES.waitlistSomethingWrong });
      return;
    }
    succeed(result.data.message || MESSAGES.waitlistSuccess);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Leave your email address and we will let you know as soon as early access opens.
        </Text>
        <TextInput
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@business.com"
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
        />
        {/* Honeypot: hidden from people and assistive technology; bots fill every field. */}
        <VisuallyHidden aria-hidden="true">
          <label>
            Website
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.currentTarget.value)}
            />
          </label>
        </VisuallyHidden>
        {feedback ? (
          <Alert
            color={feedback.kind === 'success' ? 'green' : 'red'}
            role={feedback.kind === 'success' ? 'status' : 'alert'}
            variant="light"
          >
            {feedback.text}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} type="button">
            Close
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Processing...' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
