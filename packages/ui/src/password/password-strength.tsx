import { Box, Group, Progress, Text } from '@mantine/core';
import type { PASSWORD_STRENGTH_LABELS } from '../constants';

export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

export interface PasswordStrengthResult {
  /** 0 for an empty value, then 1 (Weak), 2 (Medium), 3 (Strong). */
  score: 0 | 1 | 2 | 3;
  label: PasswordStrengthLabel | null;
}

/**
 * Rates a password for the meter (advice only: the rule that decides is SPEC.md section 5's
 * minimum of 8 characters). Character classes: lower case, upper case, digits, symbols.
 * Strong: 8+ characters and 3+ classes, or a 16+ character passphrase with 2+ classes.
 * Medium: 8+ characters and 2+ classes, or 12+ characters. Anything else is Weak.
 */
export function passwordStrength(value: string): PasswordStrengthResult {
  if (!value) return { score: 0, label: null };
  const length = [...value].length;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  if ((length >= 8 && classes >= 3) || (length >= 16 && classes >= 2)) return { score: 3, label: 'Strong' };
  if ((length >= 8 && classes >= 2) || length >= 12) return { score: 2, label: 'Medium' };
  return { score: 1, label: 'Weak' };
}

const COLORS = ['red', 'orange', 'green'] as const;

export interface PasswordStrengthProps {
  /** The password being typed. Nothing renders while it is empty. */
  value: string;
}

/** A three-segment meter with the label Weak / Medium / Strong. */
export function PasswordStrength({ value }: PasswordStrengthProps) {
  const { score, label } = passwordStrength(value);
  if (score === 0 || label === null) return null;
  const color = COLORS[score - 1];
  return (
    <Box mt={6} data-strength={label.toLowerCase()}>
      <Group gap={4} grow aria-hidden>
        {[1, 2, 3].map((segment) => (
          <Progress key={segment} size={6} value={segment <= score ? 100 : 0} color={color} transitionDuration={150} />
        ))}
      </Group>
      <Text size="xs" mt={4} aria-live="polite">
        Password strength:{' '}
        <Text component="span" inherit fw={700}>
          {label}
        </Text>
      </Text>
    </Box>
  );
}
