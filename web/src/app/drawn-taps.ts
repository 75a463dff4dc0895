import { DRAWN_LIVE, DRAWN_PLACES, DRAWN_TAPS, type DrawnPart, type DrawnTaps } from '@/lib/drawn-parts';

/**
 * The keeper of taps on the landing page's drawn parts (lib/drawn-parts.ts; decision 099, its
 * addendum), started by whichever script draws a part first (the signed-in header's inline script,
 * app/last-known-draw-start.ts; the rooms' cards script, app/rooms-cards-start.ts): a drawn button is a
 * copy without the app's handler, so a tap on it, before the app has started (the boot script
 * hands it over, web/build/prerender.ts) or after (its own listener here), is kept and given to the
 * app's own button, found by the same place in the same markup, as soon as the app has replaced the
 * copy (`live`). The boot's "Loading…" stays until then. A link is left to the browser: it navigates.
 */

/** The control a kept tap is for: the nearest element with a test id, and which of its controls. */
type Kept = { part: DrawnPart; testId: string; index: number };

const CONTROLS = 'a[href], button';
/** A kept tap not given within this long (the app never replaced the part) is dropped. */
const GIVE_WITHIN_MS = 15_000;

const placeOf = (element: Element): DrawnPart | undefined =>
  (Object.keys(DRAWN_PLACES) as DrawnPart[]).find((part) =>
    DRAWN_PLACES[part].some((id) => element.closest(`#${id}`)),
  );

/**
 * Starts keeping taps on drawn parts, once for the page (the keeper already started otherwise);
 * says which parts the app has already replaced.
 */
export function keepDrawnTaps(): DrawnTaps {
  const page = window as { [DRAWN_TAPS]?: DrawnTaps; [DRAWN_LIVE]?: DrawnPart[] };
  if (page[DRAWN_TAPS]) return page[DRAWN_TAPS];
  let kept: Kept | undefined;
  let dropAt = 0;
  const isLive = new Set<DrawnPart>(page[DRAWN_LIVE]);
  const done = () => {
    kept = undefined;
    document.getElementById('boot-busy')?.remove();
  };
  const give = () => {
    const tap = kept;
    done();
    if (!tap || performance.now() > dropAt) return;
    // The app's own copy: the same test id outside the drawn places, the same control within it.
    const own = [...document.querySelectorAll(`[data-testid="${tap.testId}"]`)].find((e) => !placeOf(e));
    const control = own && (tap.index < 0 ? own : own.querySelectorAll(CONTROLS)[tap.index]);
    if (control instanceof HTMLElement) control.click();
  };
  const keep = (element: Element): boolean => {
    const control = element.closest(CONTROLS);
    const part = control && placeOf(control);
    if (!control || !part || control instanceof HTMLAnchorElement) return false;
    const anchor = control.closest('[data-testid]');
    if (!anchor) return false;
    kept = {
      part,
      testId: anchor.getAttribute('data-testid')!,
      index: anchor === control ? -1 : [...anchor.querySelectorAll(CONTROLS)].indexOf(control),
    };
    dropAt = performance.now() + GIVE_WITHIN_MS;
    setTimeout(() => kept && performance.now() > dropAt && done(), GIVE_WITHIN_MS + 100);
    if (isLive.has(part)) setTimeout(give);
    return true;
  };
  const taps: DrawnTaps = {
    isLive: (part) => isLive.has(part),
    keep,
    live: (part) => {
      isLive.add(part);
      if (kept?.part === part) setTimeout(give);
    },
  };
  page[DRAWN_TAPS] = taps;
  // Once the app has started. (Before, the boot script's listener, on the window, takes every tap
  // first and hands a drawn one over; this one, on the document, then never sees it.)
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && keep(event.target)) event.preventDefault();
    },
    true,
  );
  return taps;
}
