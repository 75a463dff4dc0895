import { useEffect } from 'react';

/**
 * Spec section 2: while any panel is open the sticky header slides away. The
 * panels are modals (react-aria locks page scroll); this marks <html> with
 * `data-panel-open` while at least one of them is mounted, and app.css moves
 * the header out of view. A count, so a dialog opened over a panel and then
 * closed does not bring the header back too early.
 */
let openPanels = 0;

function sync() {
  if (openPanels > 0) document.documentElement.dataset.panelOpen = '';
  else delete document.documentElement.dataset.panelOpen;
}

/** Call in a panel's content (rendered only while open). */
export function useHideHeader() {
  useEffect(() => {
    openPanels += 1;
    sync();
    return () => {
      openPanels -= 1;
      sync();
    };
  }, []);
}
