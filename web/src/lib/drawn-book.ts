/**
 * A room's booking form drawn before the app (docs/decisions/099-landing-first-second.md, "the
 * booking form before the app"): a room card's Book Now tapped before the app has started shows the
 * form's first screen at once, as a copy of the app's own markup (app/prerender.tsx renderBookForm,
 * drawn by app/book-form-draw.ts), in which the guest can already type. The app's form, once its
 * code has arrived, takes the copy over in the frame it is first drawn in (`takeDrawnBook`): what
 * was typed, the focus and the caret go into it, and a button pressed on the copy is pressed on it.
 * Closed on the copy, the form closes, and what was typed stays in the flow (as when the app's form
 * is closed).
 */

/** Where the drawn form's state is (a property of `window`). */
export const DRAWN_BOOK = '__drawnBook';

/**
 * The name of the page's call that draws the copy (a property of `window`, set by the landing's
 * rooms cards script: app/book-form-draw.ts `drawBookForm`; false when it cannot).
 */
export const DRAW_BOOK = '__drawBook';

/** The id of the drawn form's outermost element (its backdrop). */
export const DRAWN_BOOK_ID = 'drawn-book';

/** The drawn form, as the page keeps it until the app takes it over. */
export type DrawnBookState = {
  /** The room type whose form it is. */
  roomType: string;
  /** The backdrop with the dialog (not on the page until the stylesheet has loaded). */
  element: Element;
  /** The guest closed it (its close button, Escape, the backdrop): the app does not open the form. */
  closed: boolean;
  /** The place, among the form's buttons, of a button pressed on the copy (-1: none). */
  pressed: number;
  /** Takes the copy off the page, with its hold on the page (scroll, the header). */
  release: () => void;
  /**
   * Drawn once the app had started (./drawn-book-copy.ts): closed before the app's form took it, it
   * is drawn again at the guest's next Book Now, as before the app.
   */
  started?: boolean;
};

/** What was typed in a drawn form: kept by the app's flow whether the guest closed it or not. */
export type DrawnBookValues = {
  /** The text fields' values, by their names (`fullName`, `email`, `idNumber`, `phoneNumber`). */
  values: Record<string, string>;
  /** The "Updates on WhatsApp" box. */
  optIn: boolean;
};

/** What the app's form takes from the drawn one. */
export type DrawnBookTake =
  | ({ closed: true } & DrawnBookValues)
  | ({
      closed: false;
      /** The field that had the focus, with its caret. */
      focus?: { name: string; start: number | null; end: number | null };
      /** The place among the form's buttons of one pressed on the copy (-1: none). */
      pressed: number;
    } & DrawnBookValues);

const page = () => window as { [DRAWN_BOOK]?: DrawnBookState };

/**
 * Whether a drawn form is open, waiting for the app's (the app then shows no "Loading…" over it).
 * False for one the guest closed, though it stays on `window` (not on the page) until the app's form
 * takes what was typed in it or a tap draws it again.
 */
export function isDrawnBookOpen(): boolean {
  const state = page()[DRAWN_BOOK];
  return !!state && !state.closed;
}

/** What was typed in a drawn form's fields, and its box. */
export function drawnBookValues(element: Element): DrawnBookValues {
  const values: Record<string, string> = {};
  for (const input of element.querySelectorAll('input[name]'))
    if (input instanceof HTMLInputElement && input.type !== 'checkbox' && !input.readOnly)
      values[input.name] = input.value;
  const box = element.querySelector('input[type="checkbox"]');
  return { values, optIn: box instanceof HTMLInputElement && box.checked };
}

/**
 * Takes the drawn form off the page, once: what the guest did in it, or null when there is none
 * (or it was taken already). Called in the app's form's first layout effect, so that the copy goes
 * in the same frame as the form comes, and nothing typed in between is lost (the page runs no input
 * handler between the two).
 */
export function takeDrawnBook(): DrawnBookTake | null {
  const state = page()[DRAWN_BOOK];
  if (!state) return null;
  page()[DRAWN_BOOK] = undefined;
  const typed = drawnBookValues(state.element);
  if (state.closed) {
    state.release();
    return { closed: true, ...typed };
  }
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && active.name && state.element.contains(active)
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : undefined;
  state.release();
  return { closed: false, ...typed, focus, pressed: state.pressed };
}
