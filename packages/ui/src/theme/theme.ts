import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/**
 * "Leaf": the Ledgerleaf primary colour, a green leaning to teal.
 * Shades were picked for WCAG AA: white text on shade 8 (the filled shade in both schemes) is
 * 5.4:1, and so are links in the light scheme; shade 4 (links in the dark scheme) is 6.6:1 on
 * the dark body colour.
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
  // Shade 8 for every filled colour: white text on leaf/red/blue filled buttons stays >= 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  colors: { leaf },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
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
    // A select's options mount when it opens. Mantine keeps a closed dropdown in the page (hidden),
    // and positions it once as it mounts: a forced layout of the whole page, 20 ms on a phone for the
    // invoice list's client filter alone, and its options and scroll area rendered for nothing.
    Combobox: { defaultProps: { keepMounted: false } },
    // Picking the option a select already shows keeps it (Mantine's default cleared it, so a required
    // field such as an activity's type emptied itself and saving failed, issue 27 item 10). A select
    // that may be emptied says so with `clearable` (its clear button), never by a second click.
    Select: { defaultProps: { allowDeselect: false } },
    // Wide tables scroll sideways with the browser's own scrolling (momentum on phones, the keyboard)
    // rather than Mantine's ScrollArea, which measures the table as it mounts (a forced layout, 10 ms
    // of a phone's invoice list) and again on every scroll.
    TableScrollContainer: { defaultProps: { type: 'native' } },
  },
});

/**
 * Contrast fixes on top of Mantine's defaults (pass to MantineProvider's `cssVariablesResolver`;
 * UiProvider does):
 * - dimmed text: Mantine's gray-6 is 3.3:1 on white; ours is 5.4:1 (light) and 5.5:1 (dark);
 * - error text: red-8 on white (4.5:1) and red-5 on the dark body (5.6:1);
 * - Mantine 9 derives the dark scheme's "light" variant (active nav item, light buttons, icon
 *   badges) from shade 9 darkened by half, nearly black for leaf; ours stays visibly green and
 *   the text on it (leaf-1) is above 7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#646b73',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-leaf-light': 'rgba(28, 159, 111, 0.2)',
    '--mantine-color-leaf-light-hover': 'rgba(28, 159, 111, 0.28)',
    '--mantine-color-leaf-light-color': 'var(--mantine-color-leaf-1)',
  },
});
