import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/**
 * "Leaf": the Ledgerleaf primary colour, a green leaning to teal.
 * Shades were picked for WCAG AA: white text on shade 7 (light scheme filled) is 4.9:1 and on
 * shade 8 (dark scheme filled) 5.4:1; shade 4 (links in the dark scheme) is 6.6:1 on the
 * dark body colour.
 */
export const leaf: MantineColorsTuple = [
  '#e7f8f1',
  '#d2efe3',
  '#a5dec7',
  '#73cca9',
  '#4abd90',
  '#2fb380',
  '#1c9f6f',
  '#0b8159',
  '#067a53',
  '#006646',
];

/** The Ledgerleaf Mantine theme. Pass it to MantineProvider or use `UiProvider`. */
export const theme = createTheme({
  primaryColor: 'leaf',
  primaryShade: { light: 7, dark: 8 },
  colors: { leaf },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  // SPEC.md section 9 navigation breakpoints: sm = 768px (mobile), md = 1024px, lg = 1280px.
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '80em', xl: '90em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
  },
});
