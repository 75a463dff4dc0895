import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '@/lib/router';

/**
 * Navigate after a pause (spec: 1.5 s after registering, 1 s after logging
 * in), replacing the current entry. Leaving the screen first cancels it, so
 * a late timer never pulls the user back.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);
  return useCallback(
    (to: string, delayMs: number) => {
      timers.current.push(window.setTimeout(() => void navigate(to, { replace: true }), delayMs));
    },
    [navigate],
  );
}
