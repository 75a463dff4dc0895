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

/** Whether the screen is a tablet's or wider (false while prerendering). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(onWidthChange, isWide, () => false);
}
