/** Business constants and limits of SPEC.md section 9, in one place for the browser and the server. */

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_ERROR_TIMEOUT_MS = 10000;

export const CONFIRMATION_DEFAULTS = {
  title: 'Confirmation',
  message: 'Are you sure you want to proceed?',
  confirmText: 'Confirm',
  cancelText: 'Cancel',
  type: 'default',
} as const;

/** Local storage keys (SPEC.md section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  darkMode: 'darkMode',
  sideNavCollapsed: 'sideNavCollapsed',
  betaVersion: 'betaVersion',
  fontSizePreference: 'fontSizePreference',
} as const;

export const FONT_SIZE_STEPS = [90, 100, 110, 120, 130, 140, 150] as const;
export const DEFAULT_FONT_SIZE_INDEX = 1;

export const BREAKPOINTS = { mobile: 768, tablet: 1024, desktop: 1280 } as const;
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

export const WAITLIST_MIN_INTERVAL_MS = 3000;
export const WAITLIST_BOT_THRESHOLD_MS = 1500;
export const WAITLIST_CLOSE_DELAY_MS = 2000;

export const LOGIN_REDIRECT_DELAY_MS = 100;

export const NAME_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so that a hash request cannot be used to burn CPU (OWASP ASVS 2.1.2). */
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_DIGITS = 10;
export const EMAIL_MAX_LENGTH = 254;

/** Password reset links stay valid this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const FEEDBACK_SUCCESS_HIDE_MS = 5000;
export const LAZY_CHART_TIMEOUT_MS = 10000;
export const KPI_SKELETON_COUNT = 4;
export const RESIZE_DEBOUNCE_MS = 250;

export const CURRENCY = 'USD';
export const LOCALE = 'en-US';

/**
 * The demo account seeded when DEMO is on (the default). The demo-login page sends these to
 * POST /api/debug/demo-login; with DEMO=0 the account and the endpoint do not exist.
 */
export const DEMO_ACCOUNT = {
  email: 'demo@ledgerleaf.app',
  password: 'ledgerleaf-demo',
  name: 'Dana Demo',
  business_name: 'Leaf & Ledger Studio',
} as const;
