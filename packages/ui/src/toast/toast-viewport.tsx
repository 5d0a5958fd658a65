import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Box, Notification, Portal, Progress, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NAV_BREAKPOINTS } from '../constants';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { Toast, ToastSeverity, ToastStore } from './toast-store';

const SEVERITY_STYLE: Record<ToastSeverity, { color: string; icon: ReactNode }> = {
  success: { color: 'green', icon: <IconCircleCheck size={20} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={20} aria-hidden /> },
  warn: { color: 'orange', icon: <IconAlertTriangle size={20} aria-hidden /> },
  error: { color: 'red', icon: <IconCircleX size={20} aria-hidden /> },
};

/** Room kept free at the right on phones: the quick-add (56 px, 24 px from the edge) and scroll-to-top column. */
const FLOATING_BUTTONS_GUTTER = 88;

/** The toasts of a store, stacked where they cover no page action (see ToastProvider). */
export function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  const phone = useMediaQuery(`(max-width: ${NAV_BREAKPOINTS.mobile - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="sm"
        data-testid="toast-viewport"
        data-placement={phone ? 'bottom' : 'bottom-start'}
        style={
          phone
            ? {
                position: 'fixed',
                bottom: 'var(--mantine-spacing-md)',
                left: 'var(--mantine-spacing-sm)',
                right: FLOATING_BUTTONS_GUTTER,
                zIndex: 1000,
              }
            : {
                position: 'fixed',
                bottom: 'var(--mantine-spacing-md)',
                // The side navigation's width (Mantine's AppShell sets it on :root; 0 outside the shell).
                left: 'calc(var(--app-shell-navbar-offset, 0rem) + var(--mantine-spacing-md))',
                zIndex: 1000,
                width: `min(380px, calc(100vw - ${FLOATING_BUTTONS_GUTTER}px - 2 * var(--mantine-spacing-md)))`,
              }
        }
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} store={store} />
        ))}
      </Stack>
    </Portal>
  );
}

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const { color, icon } = SEVERITY_STYLE[toast.severity] ?? SEVERITY_STYLE.info;
  const isError = toast.severity === 'error';
  return (
    <Notification
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic
      data-severity={toast.severity}
      color={color}
      icon={icon}
      title={toast.summary}
      withBorder
      onClose={() => store.remove(toast.id)}
      closeButtonProps={{ 'aria-label': 'Close' }}
      onMouseEnter={() => store.pause(toast.id)}
      onMouseLeave={() => store.resume(toast.id)}
      onFocus={() => store.pause(toast.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(toast.id);
      }}
      style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
      // Mantine dims the description; toasts carry the message itself, so it gets full text contrast.
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
    >
      {toast.detail}
      {toast.timeout !== false && (
        <ToastCountdown
          key={toast.expiresAt ?? `paused-${toast.remaining}`}
          toast={toast}
          timeout={toast.timeout}
          color={color}
        />
      )}
    </Notification>
  );
}

/**
 * The progress bar counting down from the time left to zero, animated with the Web Animations
 * API (no stylesheet needed). It is remounted (keyed by `expiresAt`) whenever the countdown
 * restarts, pauses or resumes; while paused it shows the fraction left.
 */
function ToastCountdown({ toast, timeout, color }: { toast: Toast; timeout: number; color: string }) {
  const paused = toast.remaining !== null;
  const left = paused ? (toast.remaining ?? 0) : Math.max(0, (toast.expiresAt ?? 0) - Date.now());
  const startPercent = timeout > 0 ? Math.min(100, (left / timeout) * 100) : 0;
  const rootRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const section = rootRef.current?.firstElementChild as HTMLElement | null | undefined;
    if (paused || !section || typeof section.animate !== 'function') return undefined;
    const animation = section.animate([{ width: `${startPercent}%` }, { width: '0%' }], {
      duration: left,
      easing: 'linear',
      fill: 'forwards',
    });
    return () => animation.cancel();
    // Runs once per mount: the key changes whenever the countdown changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box mt={6} aria-hidden>
      <Progress
        ref={rootRef}
        size="xs"
        color={color}
        value={startPercent}
        transitionDuration={0}
        data-testid="toast-progress"
      />
    </Box>
  );
}
