import { formatMoney } from '@shared/money';
import { formatWhole } from '@shared/intl-cache';
import { stockLevel } from '@/entities/rooms/availability';
import { DRAWN_PLACES } from '@/lib/drawn-parts';
import { startRoomsRequests } from './rooms-requests';

/**
 * The landing page's rooms before the app (docs/decisions/099-landing-first-second.md, its addendum):
 * the page's rooms cards script (app/rooms-cards-start.ts, a file of its own per language with the
 * cards' template, fetched by the inline rooms script once the page's largest paint is on screen)
 * draws the room cards, with their prices and tonight's counts, from the answers the inline script
 * asked for (app/rooms-requests.ts), into the empty place the app keeps
 * for them (features/rooms/components/room-tiers-section.tsx, `rooms-drawn`). The markup is the
 * app's own: its room cards rendered at build time in the page's language with placeholder values
 * (`<template id="room-cards">`, app/prerender.tsx renderRoomCards), filled here with each room's.
 * The app, once its own cards are on screen, empties the place in the same frame (room-tier-list.tsx).
 * Anything unexpected (an answer not of the shape the cards need): nothing is drawn, the app draws.
 */

/** The placeholders of the cards' template (app/prerender.tsx renders the card with them). */
export const ROOM_CARD_MARKS = {
  type: 'room-placeholder-type',
  name: '@@name@@',
  description: '@@description@@',
  amenity: '@@amenity@@',
  /** How many photos the placeholder room has (its cover's text names the count). */
  photos: 7,
  /** Rooms left tonight on the available card (its badge's level: `ok`). */
  left: 50,
} as const;

/** The template's texts and classes the cards take by their values (app/prerender.tsx). */
export type RoomCardTexts = {
  /** "# rooms left tonight" by plural category, `#` for the count. */
  left: Record<string, string>;
  /** The card's top border by the type's place in the hotel's order (the last for any further). */
  borders: string[];
  /** The rooms-left badge's classes by level. */
  stock: Record<'red' | 'yellow' | 'ok', string>;
};

export type Photo = {
  src: string;
  sources: { width: number; url: string; type?: string }[];
  width: number;
  height: number;
  placeholder?: string;
  altAr: string;
  altEn: string;
};
export type Room = {
  roomType: string;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  discountedPriceBaisa: number;
  originalPriceBaisa: number;
  amenities: { ar: string; en: string }[];
  photos: Photo[];
  lowStock?: { red: number; yellow: number };
  available?: boolean;
};

const isRooms = (value: unknown): value is Room[] =>
  Array.isArray(value) &&
  value.every(
    (room: Room) =>
      typeof room === 'object' &&
      room !== null &&
      typeof room.roomType === 'string' &&
      typeof room.nameAr === 'string' &&
      typeof room.nameEn === 'string' &&
      Number.isSafeInteger(room.discountedPriceBaisa) &&
      Number.isSafeInteger(room.originalPriceBaisa) &&
      Array.isArray(room.amenities) &&
      Array.isArray(room.photos),
  );

const isCounts = (value: unknown): value is { roomType: string; availableCount: number }[] =>
  Array.isArray(value) && value.every((row) => typeof row?.availableCount === 'number');

/** CLDR's plural category of a whole count, as Lingui's plural picks it (Intl.PluralRules). */
export function pluralOf(n: number, language: 'ar' | 'en'): string {
  if (language === 'en') return n === 1 ? 'one' : 'other';
  const hundreds = n % 100;
  if (n === 0) return 'zero';
  if (n === 1) return 'one';
  if (n === 2) return 'two';
  if (hundreds >= 3 && hundreds <= 10) return 'few';
  if (hundreds >= 11) return 'many';
  return 'other';
}

/** Writes `room`'s name, description and type over the template's placeholders in `element`. */
export function fillMarks(element: Element, room: Room, language: 'ar' | 'en'): void {
  const ar = language === 'ar';
  // The texts that name the room (its heading, its buttons' names) and its ids.
  const marks: [string, string][] = [
    [ROOM_CARD_MARKS.name, ar ? room.nameAr : room.nameEn],
    [ROOM_CARD_MARKS.description, (ar ? room.descriptionAr : room.descriptionEn) ?? ''],
    [ROOM_CARD_MARKS.type, room.roomType],
  ];
  const swap = (text: string) => marks.reduce((out, [mark, value]) => out.replaceAll(mark, value), text);
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = element; node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const attribute of node.attributes) attribute.value = swap(attribute.value);
    } else node.nodeValue = swap(node.nodeValue ?? '');
  }
}

/**
 * The cover's blurred placeholder alone in a photo's button (a data: URL, no request): the photos
 * themselves come with the app's cards, so that the drawn cards fetch nothing beside the page's
 * first screen (on a slow connection the browser fetches a lazy image well below the fold too).
 */
export function blurOnly(button: Element, cover: Photo): void {
  const blur = button.querySelector('img[data-placeholder]');
  if (cover.placeholder) blur?.setAttribute('src', cover.placeholder);
  else blur?.remove();
  button.querySelector('picture')?.remove();
}

/** One room's card from the template's card (a copy), or throws on a room it cannot draw. */
export function drawCard(
  template: Element,
  room: Room,
  position: number,
  left: number | undefined,
  texts: RoomCardTexts,
  language: 'ar' | 'en',
): Element {
  const card = template.cloneNode(true) as Element;
  const ar = language === 'ar';
  const count = (n: number) => formatWhole(n, language);
  const find = (testId: string) => card.querySelector(`[data-testid="${testId}"]`);
  fillMarks(card, room, language);
  card.classList.replace(texts.borders[0]!, texts.borders[Math.min(position, texts.borders.length - 1)]!);
  find('room-price')!.textContent = formatMoney(room.discountedPriceBaisa, language);
  const was = card.querySelector('s');
  if (was && room.originalPriceBaisa > room.discountedPriceBaisa)
    was.lastChild!.nodeValue = formatMoney(room.originalPriceBaisa, language);
  else was?.remove();
  const list = card.querySelector('ul');
  const item = list?.firstElementChild;
  if (list && item)
    list.replaceChildren(
      ...room.amenities.map((amenity) => {
        const shown = item.cloneNode(true) as Element;
        shown.lastChild!.nodeValue = ar ? amenity.ar : amenity.en;
        return shown;
      }),
    );
  if (room.amenities.length === 0) list?.remove();
  const cover = room.photos[0];
  const button = find('room-card-photo');
  if (!cover) button?.remove();
  else if (button) blurOnly(button, cover);
  const badge = find('rooms-left');
  if (left === undefined) badge?.remove();
  else if (badge && left > 0) {
    badge.className = badge.className.replace(texts.stock.ok, texts.stock[stockLevel(room.lowStock, left)]);
    badge.textContent = (texts.left[pluralOf(left, language)] ?? '').replace('#', count(left));
  }
  return card;
}

/** The rooms drawn, by type: their name in the page's language and tonight's count (if known). */
export const drawnRooms = new Map<string, { name: string; left?: number }>();

/** What the cards were drawn from (the quick booking panel's copy draws its own from it). */
export const drawnFrom: {
  rooms?: Room[];
  counts?: { roomType: string; availableCount: number }[];
  texts?: RoomCardTexts;
} = {};

/**
 * Asks for the rooms and tonight's counts and draws them from the answers, unless the app has drawn
 * its own (`ownDrawn`) by then.
 */
export function drawRooms(ownDrawn: () => boolean): void {
  if (ownDrawn()) return;
  const answers = startRoomsRequests();
  if (answers) drawFrom(answers, ownDrawn);
}

function drawFrom(answers: Promise<unknown[]>, ownDrawn: () => boolean): void {
  void answers.then(([rooms, inventory]) => {
    const place = document.getElementById(DRAWN_PLACES.rooms[0]);
    const template = document.getElementById('room-cards');
    if (!place || !(template instanceof HTMLTemplateElement) || ownDrawn() || !isRooms(rooms)) return;
    const language = document.documentElement.lang === 'en' ? 'en' : 'ar';
    try {
      const texts = JSON.parse(template.dataset.texts ?? '') as RoomCardTexts;
      const grid = template.content.querySelector('[data-part="list"] > div')!.cloneNode() as Element;
      const available = template.content.querySelector('[data-part="list"] article')!;
      const soldOut = template.content.querySelector('[data-part="sold-out"] article')!;
      const counts = isCounts(inventory) ? inventory : undefined;
      // As the app's list: a type the hotel retired is not shown.
      grid.append(
        ...rooms
          .filter((room) => room.available !== false)
          .map((room, position) => {
            const left = counts?.find((row) => row.roomType === room.roomType)?.availableCount;
            drawnRooms.set(room.roomType, { name: language === 'ar' ? room.nameAr : room.nameEn, left });
            return drawCard(left === 0 ? soldOut : available, room, position, left, texts, language);
          }),
      );
      place.replaceChildren(grid);
      Object.assign(drawnFrom, { rooms: rooms.filter((room) => room.available !== false), counts, texts });
    } catch {
      drawnRooms.clear();
      place.replaceChildren(); // the app draws them
    }
  });
}
