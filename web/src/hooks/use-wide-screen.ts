import { useSyncExternalStore } from 'react';

/** md and wider (Tailwind's md, 768 px): the header has room for the whole account in one row. */
const WIDE = '(min-width: 768px)';

function onWidthChange(notify: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

function isWide() {
  return window.matchMedia(WIDE).matches;
}

// What prerendering (and so hydration) takes the width for: a phone's, but for the landing page's
// header drawn from the last known account, prerendered for both (app/prerender.tsx).
let prerenderWide = false;

/** Prerendering only: renders what follows as for a screen that is (or is not) wide. */
export function setPrerenderWide(wide: boolean): void {
  prerenderWide = wide;
}

/** Whether the screen is a tablet's or wider (false while prerendering, and while hydrating). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(onWidthChange, isWide, () => prerenderWide);
}
