/**
 * What a dialog drawn before the app shares (decision 099: a room's form, app/book-form-draw.ts, and
 * the quick booking panel, app/quick-panel-draw.ts): put on the page once `sheet` has settled (now
 * without one) unless the app has taken it or the guest closed it by then, holding the page's scroll
 * and its "panel open" mark while shown; closed by its close button (`data-drawn-close`), Escape or
 * the backdrop; any other button's press given to `press`, for the app to carry out.
 */
export function holdDrawnDialog(
  drawn: { element: Element; closed: boolean; release: () => void },
  {
    press,
    keepMark,
    current,
    sheet,
  }: {
    press: (button: HTMLButtonElement) => void;
    /** Whether the page's mark stays once the app takes the copy (its own dialog marks the page). */
    keepMark: boolean;
    /** Whether the copy is still the page's (not taken by the app). */
    current: () => boolean;
    sheet?: Promise<unknown>;
  },
): void {
  const { element } = drawn;
  const root = document.documentElement;
  const overflow = root.style.overflow;
  let shown = false;
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !element.isConnected) return;
    event.preventDefault();
    close();
  };
  drawn.release = () => {
    removeEventListener('keydown', onKey, true);
    element.remove();
    if (!shown) return;
    root.style.overflow = overflow;
    if (drawn.closed || !keepMark) delete root.dataset.panelOpen;
  };
  const close = () => {
    drawn.closed = true;
    drawn.release();
  };
  element.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target === element) return close(); // the backdrop
    const button = target?.closest('button');
    if (!button) return;
    event.preventDefault();
    if (button.hasAttribute('data-drawn-close')) return close();
    press(button);
  });
  addEventListener('keydown', onKey, true);
  const show = () => {
    if (!current() || drawn.closed) return; // taken by the app, or closed
    shown = true;
    document.body.append(element);
    root.style.overflow = 'hidden';
    root.dataset.panelOpen = '';
    element.querySelector<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
  };
  if (sheet) void sheet.then(show, show);
  else show();
}
