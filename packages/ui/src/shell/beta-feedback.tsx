import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Affix, Button, Group, Input, Modal, Rating, Select, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { FEEDBACK_SUCCESS_HIDE_MS } from './notification-rules';

export interface BetaFeedbackValues {
  type: string;
  feature: string;
  /** 0 = not rated. */
  rating: number;
  description: string;
}

export type BetaFeedbackErrors = Partial<Record<keyof BetaFeedbackValues, string>>;

export interface BetaFeedbackOption {
  value: string;
  label: string;
}

export const EMPTY_BETA_FEEDBACK: BetaFeedbackValues = { type: '', feature: '', rating: 0, description: '' };

export interface BetaFeedbackDialogProps {
  opened: boolean;
  onClose: () => void;
  typeOptions: BetaFeedbackOption[];
  featureOptions: BetaFeedbackOption[];
  /** The shared rules (the domain schema in the app): field → first message. */
  validate: (values: BetaFeedbackValues) => BetaFeedbackErrors;
  /** Sends the feedback; resolves true when it was stored (the form then resets). */
  onSubmit: (values: BetaFeedbackValues) => Promise<boolean>;
  submitting?: boolean;
  /** Field errors from the server (422). */
  serverErrors?: BetaFeedbackErrors;
}

/**
 * The beta feedback form (SPEC.md sections 2 to 5): type, feature, an optional 1-5 rating and a
 * description; the app adds system information and a timestamp when it sends it.
 */
export function BetaFeedbackDialog({
  opened,
  onClose,
  typeOptions,
  featureOptions,
  validate,
  onSubmit,
  submitting = false,
  serverErrors,
}: BetaFeedbackDialogProps) {
  const [values, setValues] = useState<BetaFeedbackValues>(EMPTY_BETA_FEEDBACK);
  const [errors, setErrors] = useState<BetaFeedbackErrors>({});

  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) setErrors(serverErrors);
  }, [serverErrors]);

  const set = <K extends keyof BetaFeedbackValues>(key: K, value: BetaFeedbackValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['type', 'feature', 'rating', 'description'] as const).find((key) => found[key]);
      if (first) document.getElementById(`beta-feedback-${first}`)?.focus();
      return;
    }
    if (await onSubmit(values)) {
      setValues(EMPTY_BETA_FEEDBACK);
      setErrors({});
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Share your feedback"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close feedback form' }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Ledgerleaf is in beta. Tell us what broke, what is missing or what could be better; we read every message.
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              id="beta-feedback-type"
              label="Feedback type"
              placeholder="Choose a type"
              data={typeOptions}
              value={values.type || null}
              onChange={(value) => set('type', value ?? '')}
              error={errors.type}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              id="beta-feedback-feature"
              label="Feature"
              placeholder="Which part of the app?"
              data={featureOptions}
              value={values.feature || null}
              onChange={(value) => set('feature', value ?? '')}
              error={errors.feature}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Input.Wrapper
            id="beta-feedback-rating"
            label="Rating (optional)"
            description="How do you like this part of Ledgerleaf?"
            error={errors.rating}
          >
            <Group gap="sm" mt={4}>
              <Rating
                value={values.rating}
                onChange={(value) => set('rating', value)}
                count={5}
                size="lg"
                aria-label="Rating from 1 to 5"
              />
              {values.rating > 0 && (
                <Button variant="subtle" size="compact-xs" color="gray" onClick={() => set('rating', 0)}>
                  Clear rating
                </Button>
              )}
            </Group>
          </Input.Wrapper>
          <Textarea
            id="beta-feedback-description"
            label="Description"
            placeholder="What happened, what did you expect, or what would help you?"
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
            required
            rows={5}
          />
          <Text size="xs" c="dimmed">
            We add your browser, operating system, screen size and the page you are on, so we can reproduce what you
            saw.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} loaderProps={{ type: 'dots' }}>
              {submitting ? 'Submitting...' : 'Submit Feedback'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface BetaFeedbackThanksProps {
  opened: boolean;
  onClose: () => void;
  message: string;
  /** Hides on its own after this long (SPEC.md section 9: 5 s). */
  hideAfterMs?: number;
}

/** 'Thank You!' after a submitted report; hides itself after 5 s. */
export function BetaFeedbackThanks({
  opened,
  onClose,
  message,
  hideAfterMs = FEEDBACK_SUCCESS_HIDE_MS,
}: BetaFeedbackThanksProps) {
  useEffect(() => {
    if (!opened) return undefined;
    const timer = setTimeout(onClose, hideAfterMs);
    return () => clearTimeout(timer);
  }, [opened, onClose, hideAfterMs]);
  return (
    <Modal opened={opened} onClose={onClose} title="Thank You!" size="sm" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack align="center" gap="sm" pb="sm">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text ta="center">{message}</Text>
        <Button onClick={onClose}>Close</Button>
      </Stack>
    </Modal>
  );
}

/**
 * The floating 'Beta feedback' button, bottom right beside the quick-add button (the bottom left
 * belongs to the navigation's footer); the app shows it only when `betaVersion` is 'true'.
 */
export function BetaFeedbackButton({ onClick }: { onClick: () => void }) {
  return (
    <Affix position={{ bottom: 34, right: 92 }} zIndex={180}>
      <Button
        onClick={onClick}
        leftSection={<IconMessageCircle size={18} aria-hidden />}
        variant="filled"
        color="violet"
        radius="xl"
        style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        data-testid="beta-feedback-button"
      >
        Beta feedback
      </Button>
    </Affix>
  );
}
