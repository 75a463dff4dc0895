import { DRAWN_BOOK, DRAWN_BOOK_ID, type DrawnBookState, drawnBookValues } from '@/lib/drawn-book';
export { DRAW_BOOK } from '@/lib/drawn-book';
import { holdDrawnDialog } from './drawn-dialog';
import { drawnRooms } from './rooms-draw';

/**
 * A room's booking form before the app (lib/drawn-book.ts; decision 099, "the booking form before
 * the app"), for the page's rooms cards script (app/rooms-cards-start.ts): the boot script, as a
 * drawn card's Book Now is tapped before the app has started, starts the app and calls
 * `window.__drawBook(roomType, sheet)`. The form's first screen (the room, the guest's name,
 * e-mail, ID and phone, the WhatsApp box) is a copy of the app's own, rendered at build time
 * (`<template id="book-form">`, app/prerender.tsx renderBookForm, put into the page at the first tap), put on the page as soon as the
 * whole stylesheet, which the app's start links, has loaded. The guest can type in it; its close
 * button, Escape and the backdrop close it; any other button's press is kept for the app's form.
 */

/** The room type's placeholder in the form's template (the form names it by it: it is not known). */
export const BOOK_FORM_MARK = 'room-placeholder-type';

/**
 * Where the rooms cards script's file leaves the form's template, as HTML (web/build/prerender.ts
 * roomCardsOut): put into the page only when a form is drawn, not with the cards.
 */
export const BOOK_FORM_HTML = '__bookFormHtml';

/** The page's language as this script came (its copies are in it): the app may change it since. */
const drawnLanguage = (globalThis.document as Document | undefined)?.documentElement.lang;

/**
 * Draws the form of `roomType` once `sheet` has settled (now without one); false when it cannot
 * (no template, a room not drawn, or none left tonight: the app shows what it says then).
 */
export function drawBookForm(roomType: string, sheet?: Promise<unknown>): boolean {
  // The template, left by the script's file as a string, into the page at the first form drawn.
  const html = (window as { [BOOK_FORM_HTML]?: string })[BOOK_FORM_HTML];
  if (html && !document.getElementById('book-form')) document.body.insertAdjacentHTML('beforeend', html);
  const template = document.getElementById('book-form');
  const room = drawnRooms.get(roomType);
  const state = window as { [DRAWN_BOOK]?: DrawnBookState };
  // One the guest closed, not taken by the app yet: drawn again with what was typed in it (the app's
  // form takes the new one, and does not close at the first one's close).
  const before = state[DRAWN_BOOK];
  if (
    !(template instanceof HTMLTemplateElement) ||
    !room ||
    room.left === 0 ||
    (before && !before.closed) ||
    document.documentElement.lang !== drawnLanguage
  )
    return false;
  const element = template.content.firstElementChild?.cloneNode(true);
  if (!(element instanceof HTMLElement)) return false;
  element.id = DRAWN_BOOK_ID;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = element; node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const attribute of node.attributes)
        attribute.value = attribute.value.replaceAll(BOOK_FORM_MARK, room.name);
    } else node.nodeValue = (node.nodeValue ?? '').replaceAll(BOOK_FORM_MARK, room.name);
  }
  if (before) {
    const { values, optIn } = drawnBookValues(before.element);
    for (const input of element.querySelectorAll('input[name]'))
      if (input instanceof HTMLInputElement && values[input.name]) input.value = values[input.name]!;
    const box = element.querySelector('input[type="checkbox"]');
    if (box instanceof HTMLInputElement && optIn) {
      box.checked = true;
      box.closest('label')?.toggleAttribute('data-selected', true);
    }
  }
  const drawn: DrawnBookState = { roomType, element, closed: false, pressed: -1, release: () => {} };
  const form = element.querySelector('form');
  form?.addEventListener('submit', (event) => event.preventDefault());
  // The box's look follows its state, as react-aria marks it.
  element.addEventListener('change', (event) => {
    const box = event.target;
    if (box instanceof HTMLInputElement && box.type === 'checkbox')
      box.closest('label')?.toggleAttribute('data-selected', box.checked);
  });
  state[DRAWN_BOOK] = drawn;
  // (The app's form marks the page itself as it opens, hooks/use-hide-header.ts; closed, it does not.)
  holdDrawnDialog(drawn, {
    press: (button) => {
      drawn.pressed = form ? [...form.querySelectorAll('button')].indexOf(button) : -1;
    },
    keepMark: true,
    current: () => state[DRAWN_BOOK] === drawn,
    sheet,
  });
  return true;
}
