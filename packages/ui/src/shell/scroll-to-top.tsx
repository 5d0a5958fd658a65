import { useState } from 'react';
import { ActionIcon, Affix, Tooltip, Transition } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from './notification-rules';

export interface ScrollToTopProps {
  /** Distance from the bottom-right corner, in px (above the quick-add button by default). */
  offset?: { bottom: number; right: number };
  threshold?: number;
}

/** Appears after scrolling more than 300px (SPEC.md section 9); takes the page back to the top. */
export function ScrollToTop({
  offset = { bottom: 96, right: 32 },
  threshold = SCROLL_TO_TOP_THRESHOLD_PX,
}: ScrollToTopProps) {
  const visible = useScrolledPast(threshold);
  return (
    <Affix position={offset} zIndex={180}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <Tooltip label="Back to top" position="left">
            <ActionIcon
              style={{ ...styles, boxShadow: 'var(--mantine-shadow-md)' }}
              size={44}
              radius="xl"
              variant="default"
              aria-label="Scroll to top"
              onClick={() => {
                const reduced =
                  typeof window.matchMedia === 'function' &&
                  window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
                document.getElementById('main-content')?.focus({ preventScroll: true });
              }}
            >
              <IconArrowUp size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Transition>
    </Affix>
  );
}

/**
 * Whether the window is scrolled more than `threshold` px down, read on scroll events only. Mantine's
 * `useWindowScroll` also reads the position when it mounts, in the same task as the page's first
 * render, which makes the browser lay out the whole new page there (130 ms of a phone's start-up
 * task); and it renders again on every scroll event, where this renders only when the answer changes.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useWindowEvent('scroll', () => setPast(window.scrollY > threshold), { passive: true });
  return past;
}
