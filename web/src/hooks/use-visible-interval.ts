import { useEffect, useRef } from 'react';

/**
 * Calls `callback` every `intervalMs` while the page is visible, and once
 * more when the window regains focus or the page becomes visible again.
 * Nothing runs while the page is hidden.
 */
export function useVisibleInterval(callback: () => void, intervalMs: number, enabled = true) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!enabled) return;
    const visible = () => document.visibilityState === 'visible';
    const tick = () => {
      if (visible()) latest.current();
    };
    const id = window.setInterval(tick, intervalMs);
    window.addEventListener('focus', tick);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('focus', tick);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [intervalMs, enabled]);
}
