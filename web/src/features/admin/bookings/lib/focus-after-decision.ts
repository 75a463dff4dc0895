import type { RefObject } from 'react';

/**
 * After a decision the dialog closes and its button's row may have left the list (an approved
 * request leaves "Pending"), which would drop focus to <body>. Focus goes instead to the next
 * sensible control: the decided row's first action if it is still listed, else the next row's
 * (or the previous one's, at the end), else the list's heading. Runs once the dialog has gone and
 * the list has re-rendered, and again if the closing dialog hands focus back to <body>.
 */
export function focusAfterDecision({
  decided,
  shown,
  heading,
  timeoutMs = 2000,
}: {
  decided: number;
  shown: readonly number[];
  heading: RefObject<HTMLElement | null>;
  timeoutMs?: number;
}) {
  const index = shown.indexOf(decided);
  const order = index < 0 ? shown : [decided, ...shown.slice(index + 1), ...shown.slice(0, index).reverse()];
  const deadline = Date.now() + timeoutMs;
  let placed: HTMLElement | null = null;

  const target = (): HTMLElement | null => {
    for (const id of order) {
      const row = document.querySelector(`[data-booking-id="${id}"]`);
      const action = row?.querySelector<HTMLElement>('button:not([disabled])');
      if (action) return action;
    }
    return heading.current;
  };

  const attempt = () => {
    const dialogOpen = document.querySelector('[role="dialog"]') !== null;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!dialogOpen && (lost || placed === null || !placed.isConnected)) {
      placed = target();
      placed?.focus();
    }
    if (Date.now() < deadline) setTimeout(attempt, 50);
  };
  setTimeout(attempt, 0);
}
