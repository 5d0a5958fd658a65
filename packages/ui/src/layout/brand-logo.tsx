import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';

export interface BrandLogoProps {
  /** Hides the wordmark (collapsed navigation, tiny screens). */
  iconOnly?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = {
  sm: { icon: 28, glyph: 18, text: 'md' },
  md: { icon: 34, glyph: 20, text: 'lg' },
  lg: { icon: 44, glyph: 26, text: 'xl' },
} as const;

/** The Ledgerleaf mark and wordmark. */
export function BrandLogo({ iconOnly = false, size = 'md' }: BrandLogoProps) {
  const s = SIZES[size];
  return (
    <Group gap={10} wrap="nowrap" data-testid="brand-logo">
      <ThemeIcon
        size={s.icon}
        radius="md"
        variant="gradient"
        gradient={{ from: 'leaf.6', to: 'teal.7', deg: 135 }}
        aria-hidden
      >
        <IconLeaf size={s.glyph} stroke={2} />
      </ThemeIcon>
      {!iconOnly && (
        <Text component="span" fw={800} fz={s.text} lh={1} style={{ letterSpacing: '-0.02em' }}>
          Ledgerleaf
        </Text>
      )}
    </Group>
  );
}
