import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ActionIconProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches between light and dark; the choice is stored by UiProvider's colour-scheme manager. */
export function useToggleColorScheme(): { colorScheme: 'light' | 'dark'; toggle: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return { colorScheme, toggle: () => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark') };
}

/**
 * The header's dark-mode toggle (aria-label 'Toggle dark mode', pressed while dark). Its hint is the
 * native `title`: Mantine's Tooltip brings floating-ui, about 20 KiB gzipped, onto the sign-in page.
 */
export function ColorSchemeToggle(props: Omit<ActionIconProps, 'children'>) {
  const { colorScheme, toggle } = useToggleColorScheme();
  const dark = colorScheme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label="Toggle dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={toggle}
      {...props}
    >
      {dark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
