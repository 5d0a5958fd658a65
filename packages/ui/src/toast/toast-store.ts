import { TOAST_ERROR_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../constants';

/** How serious a toast is (SPEC.md section 3): its colour and icon, and an error stays longer. */
export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

/** What a caller passes to `show`. `timeout: false` makes the toast persistent. */
export interface ToastOptions {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds before the toast removes itself; default 5000, 10000 for errors; `false` = persistent. */
  timeout?: number | false;
  /**
   * Reuse an id to replace a toast that is still shown (e.g. "Saving..." then "Saved"; a payment's
   * toast, then its allocation's): one toast per action.
   */
  id?: string;
}

/** A toast as held by the store (SPEC.md section 3: id, severity, summary, detail, timeout, timestamp). */
export interface Toast {
  id: string;
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  timeout: number | false;
  /** When it was shown (ms since epoch). */
  timestamp: number;
  /** When it will be removed (ms since epoch); null while paused or when persistent. */
  expiresAt: number | null;
  /** Milliseconds left when paused (hover/focus); null while running. */
  remaining: number | null;
}

export interface ToastStore {
  /** Shows a toast and returns its id. */
  show(options: ToastOptions): string;
  /** Removes one toast (no-op for an unknown id). */
  remove(id: string): void;
  /** Removes every toast. */
  clear(): void;
  /** Stops the countdown of a toast (pointer over it or keyboard focus inside it). */
  pause(id: string): void;
  /** Restarts the countdown with the time that was left. */
  resume(id: string): void;
  /** The current toasts, oldest first; a new array after every change. */
  getToasts(): readonly Toast[];
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** At most this many toasts at once; a new one pushes the oldest out (issue 11: no wall of toasts). */
export const MAX_TOASTS = 3;

/** How long a toast stays by default: 5 s, an error 10 s (SPEC.md section 9). */
export function defaultToastTimeout(severity: ToastSeverity): number {
  return severity === 'error' ? TOAST_ERROR_TIMEOUT_MS : TOAST_TIMEOUT_MS;
}

let counter = 0;
function nextId(): string {
  counter += 1;
  return `toast-${Date.now().toString(36)}-${counter}`;
}

/**
 * A framework-free toast store: non-React code (the API layer, a service worker bridge) can
 * raise toasts, and `ToastProvider` renders whatever it holds. Timers live here, not in the
 * components, so a toast expires even when nothing renders it.
 */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  const stopTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const startTimer = (id: string, ms: number) => {
    stopTimer(id);
    timers.set(
      id,
      setTimeout(() => store.remove(id), ms),
    );
  };

  const store: ToastStore = {
    show(options) {
      // The same message again (a double click, a retried request) replaces the one shown rather than stacking.
      const twin =
        options.id === undefined
          ? toasts.find(
              (t) => t.severity === options.severity && t.summary === options.summary && t.detail === options.detail,
            )
          : undefined;
      const id = options.id ?? twin?.id ?? nextId();
      const timeout = options.timeout === undefined ? defaultToastTimeout(options.severity) : options.timeout;
      const now = Date.now();
      const toast: Toast = {
        id,
        severity: options.severity,
        summary: options.summary,
        ...(options.detail !== undefined ? { detail: options.detail } : {}),
        timeout,
        timestamp: now,
        expiresAt: timeout === false ? null : now + timeout,
        remaining: null,
      };
      const exists = toasts.some((t) => t.id === id);
      toasts = exists ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast];
      while (toasts.length > MAX_TOASTS) {
        const oldest = toasts[0]!;
        stopTimer(oldest.id);
        toasts = toasts.slice(1);
      }
      if (timeout === false) stopTimer(id);
      else startTimer(id, timeout);
      emit();
      return id;
    },
    remove(id) {
      stopTimer(id);
      if (!toasts.some((t) => t.id === id)) return;
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    clear() {
      for (const id of timers.keys()) stopTimer(id);
      if (toasts.length === 0) return;
      toasts = [];
      emit();
    },
    pause(id) {
      const toast = toasts.find((t) => t.id === id);
      if (!toast || toast.expiresAt === null) return;
      stopTimer(id);
      const remaining = Math.max(0, toast.expiresAt - Date.now());
      toasts = toasts.map((t) => (t.id === id ? { ...t, expiresAt: null, remaining } : t));
      emit();
    },
    resume(id) {
      const toast = toasts.find((t) => t.id === id);
      if (!toast || toast.remaining === null) return;
      const remaining = toast.remaining;
      toasts = toasts.map((t) => (t.id === id ? { ...t, expiresAt: Date.now() + remaining, remaining: null } : t));
      startTimer(id, remaining);
      emit();
    },
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}

/** The application-wide store; `ToastProvider` renders it unless given another. */
export const toastStore: ToastStore = createToastStore();
