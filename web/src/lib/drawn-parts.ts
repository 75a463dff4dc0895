/**
 * Parts of the landing page drawn before the app has started (docs/decisions/099-landing-first-second.md,
 * its addendum): a signed-in guest's header from what the phone last
 * knew (app/last-known-draw.ts) and the rooms with their prices (app/rooms-draw.ts), put by the
 * page's inline scripts into empty places the app keeps for them and never writes into. They are
 * copies of the app's own markup without its handlers: a tap on one of their buttons is kept by the
 * page (app/drawn-taps.ts) and given to the app's own button once it has replaced the copy.
 */

/** The places of each drawn part (the ids of their elements). */
export const DRAWN_PLACES = {
  header: ['last-known-row', 'last-known-aside', 'last-known-bar'],
  rooms: ['rooms-drawn'],
} as const;

export type DrawnPart = keyof typeof DRAWN_PLACES;

/** Where the page's keeper of taps on drawn parts is (a property of `window`; app/drawn-taps.ts). */
export const DRAWN_TAPS = '__drawnTaps';

/**
 * Where the app notes the parts it has made its own (a property of `window`): a keeper of taps
 * started after that (the rooms' cards script, fetched once the largest paint is on screen) knows.
 */
export const DRAWN_LIVE = '__drawnLive';

/** The page's keeper of taps on drawn parts. */
export type DrawnTaps = {
  /** Whether the app's own `part` has replaced the drawn one. */
  isLive: (part: DrawnPart) => boolean;
  /** Keeps a tap on `element` if it is a drawn part's button (true), to give it to the app's own. */
  keep: (element: Element) => boolean;
  /** The app's own `part` has replaced the drawn one: a tap kept for it is given now. */
  live: (part: DrawnPart) => void;
};

/**
 * For the app, in the frame where its own `part` replaces the drawn one (the drawn places just
 * emptied): a tap on the drawn copy is given to the app's own control (once that frame is done).
 */
export function drawnPartLive(part: DrawnPart): void {
  const page = window as { [DRAWN_TAPS]?: DrawnTaps; [DRAWN_LIVE]?: DrawnPart[] };
  (page[DRAWN_LIVE] ??= []).push(part);
  page[DRAWN_TAPS]?.live(part);
}
