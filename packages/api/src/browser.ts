/**
 * The few browser side effects the API layer performs, behind one mutable object so that tests
 * (and non-browser hosts) can replace them without touching `window.location`.
 */
export const browser = {
  /** Current path, e.g. `/login`. */
  pathname(): string {
    return typeof window === 'undefined' ? '/' : window.location.pathname;
  },
  /** Full page reload (SPEC.md section 8: a 419 reloads to get a fresh anti-forgery token). */
  reload(): void {
    window.location.reload();
  },
  /** Hard redirect: a full navigation that drops every in-memory state. */
  redirect(url: string): void {
    window.location.assign(url);
  },
  /** The page origin: SPEC.md section 7 says the API base is the page origin. */
  origin(): string {
    return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  },
  cookie(): string {
    return typeof document === 'undefined' ? '' : document.cookie;
  },
};
