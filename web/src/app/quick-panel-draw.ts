import { formatMoney } from '@shared/money';
import { formatWhole } from '@shared/intl-cache';
import { CAROUSEL_CONTROLS, DRAWN_PANEL, DRAWN_PANEL_ID, type DrawnPanelState } from '@/lib/drawn-panel';
import { holdDrawnDialog } from './drawn-dialog';
import { blurOnly, drawCard, drawnFrom, fillMarks, type Room, type RoomCardTexts } from './rooms-draw';

/**
 * The quick booking panel before the app (lib/drawn-panel.ts; decision 099, "the quick booking
 * panel before the app"), for the page's rooms cards script (app/rooms-cards-start.ts): the boot
 * script, as the quick booking card is tapped before the app has started, starts the app and calls
 * `window.__drawPanel(sheet)`. The panel (its title, the quick form's banner, the carousel's first
 * slide and a card per room with tonight's count) is a copy of the app's own, rendered at build
 * time (`<template id="quick-panel">`, app/prerender.tsx renderQuickPanel, put into the page at the
 * first tap), filled from the rooms the landing page drew, and put on the page as soon as the whole
 * stylesheet has loaded. Its close button, Escape and the backdrop close it; a room's Book, the
 * carousel's and the quick form's button are kept for the app's panel; the carousel's dots and
 * arrows move it, and the app's panel starts on the slide shown; its photo and thumbnails wait for
 * the app.
 */

/** Where the rooms cards script's file leaves the panel's template, as HTML (web/build/prerender.ts). */
export const QUICK_PANEL_HTML = '__quickPanelHtml';

/** The name of the boot's call (a property of `window`). */
export const DRAW_PANEL = '__drawPanel';

/** A count in a template's "@n of @count" label (app/prerender.tsx renderQuickPanel). */
const label = (pattern: string | undefined, n: number, count: number, language: 'ar' | 'en') =>
  (pattern ?? '').replace('@n', formatWhole(n, language)).replace('@count', formatWhole(count, language));

function fill(
  template: HTMLTemplateElement,
  rooms: Room[],
  counts: { roomType: string; availableCount: number }[] | undefined,
  texts: RoomCardTexts,
  language: 'ar' | 'en',
): HTMLElement {
  const element = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  element.id = DRAWN_PANEL_ID;
  const soldOutPart = element.querySelector('[data-part="sold-out"]')!;
  const soldOut = soldOutPart.querySelector('[data-testid^="room-card-"]')!;
  soldOutPart.remove();
  const available = element.querySelector('[data-testid^="room-card-"]')!;
  available.parentElement!.replaceChildren(
    ...rooms.map((room, position) => {
      const left = counts?.find((row) => row.roomType === room.roomType)?.availableCount;
      return drawCard(left === 0 ? soldOut : available, room, position, left, texts, language);
    }),
  );
  // The carousel's first slide.
  element
    .querySelector('[data-testid="room-carousel"]')!
    .replaceWith(drawSlide(template, rooms, 0, language));
  return element;
}

/**
 * A press on the copy's carousel controls: a room's dot, the previous or the next room draw that
 * room's slide at once (the app's panel starts on it, `slide`), the focus staying on the control
 * pressed; Pause has nothing to stop on the copy, which does not move.
 */
function moveSlide(
  drawn: DrawnPanelState,
  controls: Element,
  button: HTMLButtonElement,
  draw: (index: number) => Element,
): void {
  const buttons = [...controls.querySelectorAll('button')];
  const at = buttons.indexOf(button);
  const count = controls.querySelectorAll('[data-slide]').length;
  const to =
    button.dataset.slide !== undefined
      ? Number(button.dataset.slide)
      : at === 0
        ? (drawn.slide - 1 + count) % count
        : at === buttons.length - 1
          ? (drawn.slide + 1) % count
          : undefined;
  const carousel = controls.closest('[data-testid="room-carousel"]');
  if (to === undefined || !carousel || count === 0) return;
  const slide = draw(to);
  carousel.replaceWith(slide);
  drawn.slide = to;
  slide.querySelectorAll<HTMLElement>(CAROUSEL_CONTROLS)[at]?.focus({ preventScroll: true });
}

/**
 * The carousel's slide of `rooms[index]`, drawn afresh from the template: the room, its cover's
 * placeholder, its photos' thumbnails, a dot per room with its own current.
 */
function drawSlide(
  template: HTMLTemplateElement,
  rooms: Room[],
  index: number,
  language: 'ar' | 'en',
): Element {
  const carousel = template.content
    .querySelector('[data-testid="room-carousel"]')!
    .cloneNode(true) as Element;
  const current = rooms[index]!;
  fillMarks(carousel, current, language);
  carousel.querySelector('p span.font-bold')!.textContent = formatMoney(
    current.discountedPriceBaisa,
    language,
  );
  const slide = carousel.querySelector('[role="group"][aria-roledescription]');
  slide?.setAttribute('aria-label', label(template.dataset.slide, index + 1, rooms.length, language));
  const photo = carousel.querySelector('[data-testid="room-carousel-photo"]')!;
  const cover = current.photos[0];
  if (cover) blurOnly(photo, cover);
  else photo.querySelector('span')?.replaceChildren();
  const thumbnail = carousel.querySelector('[data-testid="room-carousel-thumbnail"]');
  if (thumbnail && current.photos.length > 1)
    thumbnail.parentElement!.replaceChildren(
      ...current.photos.map((shown, i) => {
        const copy = thumbnail.cloneNode(true) as Element;
        copy.setAttribute(
          'aria-label',
          label(template.dataset.photo, i + 1, current.photos.length, language),
        );
        copy.setAttribute('aria-pressed', String(i === 0));
        if (i > 0) copy.className = copy.className.replace('ring-gold-400', 'ring-transparent');
        const img = copy.querySelector('img')!;
        copy.removeAttribute('id');
        // The photo's copies in the format of its `src` (not AVIF), the 44 px box picking the smallest.
        img.srcset = shown.sources
          .filter((source) => source.type !== 'image/avif')
          .map((source) => `${source.url} ${source.width}w`)
          .join(', ');
        img.loading = 'eager'; // (a box on screen: the copy is shown for a moment only)
        img.src = shown.src;
        return copy;
      }),
    );
  else thumbnail?.parentElement?.remove();
  // A dot per room, the slide's the current one.
  const dot = carousel.querySelector('[data-testid="room-carousel-controls"] button[aria-current]');
  if (dot)
    dot.parentElement!.replaceChildren(
      ...rooms.map((room, i) => {
        const copy = dot.cloneNode(true) as Element;
        copy.removeAttribute('id');
        copy.setAttribute('data-slide', String(i));
        copy.setAttribute('aria-label', language === 'ar' ? room.nameAr : room.nameEn);
        if (i !== index) {
          copy.removeAttribute('aria-current');
          const mark = copy.querySelector('span')!;
          mark.className = mark.className.replace('bg-teal-700', 'bg-slate-400');
        }
        return copy;
      }),
      ...[...dot.parentElement!.children].filter((child) => !child.hasAttribute('aria-current')),
    );
  return carousel;
}

/**
 * Draws the panel once `sheet` has settled (now without one); false when it cannot (no rooms drawn,
 * no template, or a panel drawn already): the boot then shows its "Loading…" as before.
 */
export function drawQuickPanel(sheet?: Promise<unknown>): boolean {
  const { rooms, counts, texts } = drawnFrom;
  const state = window as { [DRAWN_PANEL]?: DrawnPanelState | null };
  // (null: the app's panel is there. One the guest closed, the app not there yet, is drawn again:
  // the app's panel takes the new one, and does not close at the first one's close.)
  const before = state[DRAWN_PANEL];
  if (!rooms?.length || !texts || before === null || (before && !before.closed)) return false;
  const html = (window as { [QUICK_PANEL_HTML]?: string })[QUICK_PANEL_HTML];
  if (html && !document.getElementById('quick-panel')) document.body.insertAdjacentHTML('beforeend', html);
  const template = document.getElementById('quick-panel');
  if (!(template instanceof HTMLTemplateElement)) return false;
  const language = document.documentElement.lang === 'en' ? 'en' : 'ar';
  let element: HTMLElement;
  try {
    element = fill(template, rooms, counts, texts, language);
  } catch {
    return false; // a room it cannot draw: the app draws the panel
  }
  const drawn: DrawnPanelState = { element, closed: false, pressed: null, slide: 0, release: () => {} };
  state[DRAWN_PANEL] = drawn;
  holdDrawnDialog(drawn, {
    press: (button) => {
      const controls = button.closest('[data-testid="room-carousel-controls"]');
      if (controls)
        return moveSlide(drawn, controls, button, (index) => drawSlide(template, rooms, index, language));
      if (button.dataset.testid) return; // the slide's photo and its thumbnails wait for the app
      const card = button.closest('[data-testid^="room-card-"]');
      const type = card?.getAttribute('data-testid')?.slice('room-card-'.length);
      if (card) drawn.pressed = type ? { book: type } : null;
      else if (button.closest('[data-testid="room-carousel"]'))
        drawn.pressed = { book: rooms[drawn.slide]!.roomType };
      else drawn.pressed = 'form';
      // What it opens comes with the app: its "Loading…" until then.
      document.getElementById('boot-busy')?.removeAttribute('hidden');
    },
    keepMark: false,
    current: () => state[DRAWN_PANEL] === drawn,
    sheet,
  });
  return true;
}
