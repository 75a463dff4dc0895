/**
 * react-aria's live announcer reads some messages by reference: a `role="img"` node labelled by
 * an element of the page (`aria-labelledby`), kept 7 s. A pending button announces itself that
 * way (react-aria-components' Button, when it starts and stops pending while focused); when the
 * screen then replaces the button (the statistics gate opening the dashboard), the node is left
 * labelled by nothing: an image without a name (axe: role-img-alt). Such nodes go as soon as
 * their label does; the screen reader has read them by then.
 *
 * Cheap while nothing is announced: one observer on <body>'s own children (where the announcer
 * appears), one on the announcer, and one on the whole page only while a labelled announcement is
 * in it.
 */
const LABELLED = '[data-live-announcer] [role="img"][aria-labelledby]';

/** Starts the watch; answers a function that stops it (tests). */
export function keepAnnouncerTidy(): () => void {
  if (typeof MutationObserver === 'undefined') return () => {};
  let page: MutationObserver | null = null;
  let announcer: MutationObserver | null = null;

  const sweep = () => {
    let left = 0;
    for (const node of document.querySelectorAll(LABELLED)) {
      const label = node.getAttribute('aria-labelledby');
      if (!label || !document.getElementById(label)) node.remove();
      else left++;
    }
    if (left === 0 && page) {
      page.disconnect();
      page = null;
    }
  };

  const announced = () => {
    if (page || !document.querySelector(LABELLED)) return;
    page = new MutationObserver(sweep);
    page.observe(document.body, { childList: true, subtree: true });
    sweep();
  };

  const watchAnnouncer = () => {
    const root = document.querySelector('[data-live-announcer]');
    if (!root || announcer) return;
    announcer = new MutationObserver(announced);
    announcer.observe(root, { childList: true, subtree: true });
    announced();
  };

  const body = new MutationObserver(watchAnnouncer);
  body.observe(document.body, { childList: true });
  watchAnnouncer();
  return () => {
    for (const observer of [body, announcer, page]) observer?.disconnect();
  };
}
