import { DRAW_BOOK, DRAWN_BOOK, type DrawnBookState } from './drawn-book';

// The copy of a room's form drawn once the app has started (./drawn-book.ts), apart from it: only the
// booking flow's dialogs (a chunk fetched at idle) use it, and the landing's first script stays small.

/** What the flow already holds for the form, put into the copy as it is drawn. */
export type DrawnBookFill = {
  fullName: string;
  email: string;
  idNumber: string;
  /** The phone as the flow holds it (`+<code> <number>`, or as typed in full). */
  phoneNumber: string;
  optIn: boolean;
};

/**
 * Once the app has started: a room card's Book Now draws the same copy at the tap (decision 099,
 * "a room's form once the app has started"), filled with what the flow holds, while the app draws its
 * own form in the background and takes the copy over (`takeDrawnBook`). Not over another dialog
 * (a panel's Book, the form's own alternatives: the copy would take the page's scroll lock from
 * it), nor where the page has no copy to draw (no rooms cards script, the language changed since):
 * false then, and the flow opens its form as before.
 */
export function drawBookCopy(roomType: string, fill: DrawnBookFill): boolean {
  const draw = (window as { [DRAW_BOOK]?: (roomType: string) => boolean })[DRAW_BOOK];
  const page = window as { [DRAWN_BOOK]?: DrawnBookState };
  // (Nor while a copy waits for a form, open or closed: closed, the form it waits for closes; the
  // form of a Book Now tapped before the app, opened as the app starts, closes so. But a copy drawn
  // here and closed before the form took it is drawn again at this new tap, with what was typed in
  // it, as before the app: the form, still on its way, takes the new one and stays.)
  const before = page[DRAWN_BOOK];
  if (
    !draw ||
    (before && !(before.closed && before.started)) ||
    document.querySelector('[role="dialog"], [role="alertdialog"]')
  )
    return false;
  if (!draw(roomType)) return false;
  const drawn = page[DRAWN_BOOK];
  if (!drawn?.element) return false;
  drawn.started = true;
  const element = drawn.element;
  // The copy's country is the one its picker shows (Oman's): a number of it goes in without its code,
  // any other in full (the app's form reads its country from it, as from a number typed in full).
  const code = element.querySelector('[data-testid="phone-country"] button .tabular-nums')?.textContent ?? '';
  const values: Record<string, string> = {
    fullName: fill.fullName,
    email: fill.email,
    idNumber: fill.idNumber,
    phoneNumber:
      code && fill.phoneNumber.startsWith(`${code} `)
        ? fill.phoneNumber.slice(code.length + 1)
        : fill.phoneNumber,
  };
  // (What was typed in a copy drawn again is newer than the flow's.)
  for (const input of element.querySelectorAll('input[name]'))
    if (input instanceof HTMLInputElement && !input.value && values[input.name])
      input.value = values[input.name]!;
  const box = element.querySelector('input[type="checkbox"]');
  if (box instanceof HTMLInputElement && fill.optIn) {
    box.checked = true;
    box.closest('label')?.toggleAttribute('data-selected', true);
  }
  return true;
}
