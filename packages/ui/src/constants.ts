/**
 * UI-local copies of the SPEC.md section 9 constants ("Business constants and limits").
 *
 * ARCHITECTURE.md rule 4: `ui` does not import `@ledgerleaf/domain`, so Storybook stays
 * self-contained. The same values live in `packages/domain/src/constants.ts`; change both.
 */

/** Toast default timeout; errors stay twice as long. `false` makes a toast persistent. */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_ERROR_TIMEOUT_MS = 10000;

/** Confirmation dialog defaults. */
export const CONFIRMATION_DEFAULTS = {
  title: 'Confirmation',
  message: 'Are you sure you want to proceed?',
  confirmText: 'Confirm',
  cancelText: 'Cancel',
  type: 'default',
} as const;

/** Local storage keys the UI kit owns. */
export const UI_STORAGE_KEYS = {
  theme: 'theme',
  darkMode: 'darkMode',
  sideNavCollapsed: 'sideNavCollapsed',
} as const;

/** Navigation breakpoints in px: mobile below 768, auto-collapse at first load below 1024. */
export const NAV_BREAKPOINTS = { mobile: 768, tablet: 1024, desktop: 1280 } as const;

/** Password strength labels. */
export const PASSWORD_STRENGTH_LABELS = ['Weak', 'Medium', 'Strong'] as const;

/** Charts resize after the window stops resizing for this long (domain RESIZE_DEBOUNCE_MS). */
export const RESIZE_DEBOUNCE_MS = 250;
