import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** navigate() after a delay, cancelled when the page unmounts first. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (to: string, delayMs: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, { replace: true }), delayMs);
    },
    [navigate],
  );
}
