import { useCallback, useEffect, useState } from 'react';
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
 * Whether the window is scrolled more than `threshold` px down: on scroll events, and once in a task
 * of its own after mounting (a page the browser put back where it was). Mantine's `useWindowScroll`
 * read the position in the mount's own task, which made the browser lay out the whole new page there
 * (130 ms of a phone's start-up task), and rendered again on every scroll event; this renders only
 * when the answer changes.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  const read = useCallback(() => setPast(window.scrollY > threshold), [threshold]);
  useWindowEvent('scroll', read, { passive: true });
  useEffect(() => {
    const timer = setTimeout(read, 0);
    return () => clearTimeout(timer);
  }, [read]);
  return past;
}
