import type { RoomTypeView } from '@shared/room-type-schemas';
import { DEFAULT_BASE_OCCUPANCY } from '@shared/rates';
import { countText } from '../../platform/counts';
import { formatAmount, formatCount, formatMoney } from '../../platform/format';
import { readSiteSettings } from '../catalog';
import { activeServicesQuery, vipCardTypesQuery } from '../catalog';
import type { Db } from '../../platform/env';
import {
  assistantText,
  catalogueRoomTypes,
  roomName,
  roomShortName,
  type AssistantTextKey,
  type RoomTypeNames,
} from '../../platform/messages';
import { offersShownToday } from '../catalog';
import { formatTimeOfDay } from '@shared/time-of-day';

/**
 * What the assistant states as fact: room types (the hotel's table), offers, services and VIP
 * cards from D1 (prices and rate plans: chat-rates.ts, as the quote reads them), points from the
 * room types' rows, event rules from shared/ constants.
 * Nothing here is invented and nothing is left to a language model: the model (if
 * any) only receives this text to phrase answers from. One module, so site settings
 * (contacts, check-in and check-out times) can be added in one place.
 */
export type Lang = 'ar' | 'en';

/** "2 nights" / "ليلتان", with Arabic's dual and plural forms (platform/counts.ts). */
export function nightsText(n: number, lang: Lang): string {
  return countText(n, lang, 'nights');
}

/** Phone and ID numbers shown as typed, isolated left-to-right inside Arabic text. */
export function isolateLtr(value: string): string {
  return `\u2066${value}\u2069`;
}

/** A room type's price line: its code (and names, from its row), its price, crossed-out price and capacity. */
export type RoomFact = {
  roomType: string;
  names?: RoomTypeNames;
  price: number;
  original: number;
  maxGuests: number;
  /** The guests its price includes, said when not the usual two (DEFAULT_BASE_OCCUPANCY). */
  baseOccupancy?: number;
};

/**
 * One line per room: its price for its base occupancy a night (priced by the caller as the quote
 * prices it, modules/assistant/chat-rates.ts), the crossed-out price when it is higher, and its
 * capacity (the type's maximum occupancy).
 */
export function roomPricesText(list: RoomFact[], lang: Lang, only?: string): string {
  return list
    .filter((r) => !only || r.roomType === only)
    .map((r) => {
      const base = r.baseOccupancy ?? DEFAULT_BASE_OCCUPANCY;
      const crossed = r.original > r.price;
      const key: AssistantTextKey =
        base === DEFAULT_BASE_OCCUPANCY
          ? crossed
            ? 'room_price_line'
            : 'room_price_line_plain'
          : crossed
            ? 'room_price_line_base'
            : 'room_price_line_plain_base';
      return assistantText(lang, key, {
        room: roomName(lang, r.names ?? r.roomType),
        price: formatMoney(r.price, lang),
        original: formatAmount(r.original, lang),
        guests: countText(r.maxGuests, lang, 'guests'),
        base: countText(base, lang, 'guests'),
      });
    })
    .join('\n');
}

/**
 * Items said as one list, with the catalogue's words between them (`last`: "and" or "or" before
 * the last one; `comma_and`: Arabic's "، و" before each one after the first).
 */
export function listText(lang: Lang, items: string[], last: 'and' | 'or' | 'comma' | 'comma_and'): string {
  const next = (last === 'comma_and' ? 'list_comma_and' : 'list_comma') satisfies AssistantTextKey;
  return items.reduce((said, item, i) => {
    if (i === 0) return item;
    const key: AssistantTextKey = i < items.length - 1 ? next : `list_${last}`;
    return assistantText(lang, key, { items: said, next: item });
  }, '');
}

/** Today's offers in Asia/Muscat, priced by the one rule (decision 014), as the panel shows them. */
export async function offersText(db: Db, lang: Lang, now = new Date()): Promise<string> {
  const current = await offersShownToday(db, now);
  if (current.length === 0) return assistantText(lang, 'no_offers');
  return [
    assistantText(lang, 'offers_intro'),
    ...current.map((o) =>
      assistantText(lang, 'offer_line', {
        title: lang === 'ar' ? o.titleAr : o.title,
        price: formatMoney(o.discountedPriceBaisa, lang),
        original: formatAmount(o.originalPriceBaisa, lang),
        discount: formatCount(o.discount, lang),
      }),
    ),
  ].join('\n');
}

export async function servicesText(db: Db, lang: Lang): Promise<string> {
  const rows = await activeServicesQuery(db);
  return [
    assistantText(lang, 'services_intro'),
    ...rows.map((s) =>
      assistantText(lang, 'service_line', {
        name: lang === 'ar' ? s.nameAr : s.nameEn,
        description: lang === 'ar' ? s.descriptionAr : s.descriptionEn,
      }),
    ),
  ].join('\n');
}

export async function vipText(db: Db, lang: Lang): Promise<string> {
  const rows = await vipCardTypesQuery(db);
  return [
    assistantText(lang, 'vip_intro'),
    ...rows.map((v) =>
      assistantText(lang, 'vip_line', {
        name: lang === 'ar' ? v.nameAr : v.nameEn,
        price: formatMoney(v.price, lang),
        coffees: countText(v.freeCoffees, lang, 'freeCoffees'),
        nights: countText(v.freeNights, lang, 'freeNights'),
        rooms: countText(v.totalRooms, lang, 'rooms'),
      }),
    ),
  ].join('\n');
}

/**
 * The stay policy as the hotel's settings and rate plans state it today (check-in and check-out
 * times, how a booking is cancelled or changed online, each plan's own cancellation rule as
 * `planRules` lines, the admin's own policy text): never a seeded answer that could say otherwise.
 */
export async function policyText(db: Db, lang: Lang, planRules: string[]): Promise<string> {
  const settings = await readSiteSettings(db);
  const time = (value: string) => formatTimeOfDay(value, lang);
  const rules = assistantText(lang, 'policy_rules', {
    checkIn: time(settings.checkInTime),
    checkOut: time(settings.checkOutTime),
  });
  const own = (lang === 'ar' ? settings.cancellationPolicyAr : settings.cancellationPolicy).trim();
  return [rules, ...planRules, ...(own ? [own] : [])].join('\n');
}

/**
 * "لـ" before a room's name in Arabic ("للغرفة الفضية", "للذهبية", "لجناح عائلي"): with the
 * article, the two lams join. The English side says "in a silver room" / "in the Family Suite".
 */
function forRoom(lang: Lang, words: string): string {
  if (lang === 'en') return words;
  return words.startsWith('ال') ? `لل${words.slice(2)}` : `ل${words}`;
}

/**
 * A type's words in the points sentence: for a type the catalogue has words for, the first one
 * whole ("a silver room", "للغرفة الفضية") and the others by their tier word (gold, "للذهبية");
 * any other type by its own name ("the Family Suite", "لجناح عائلي").
 */
function pointsRoom(lang: Lang, room: RoomTypeView, first: boolean): string {
  const tier = catalogueRoomTypes().some((t) => t.code === room.code);
  if (!tier) return forRoom(lang, assistantText(lang, 'points_room_own', { room: roomName(lang, room) }));
  if (!first)
    return forRoom(lang, lang === 'en' ? roomShortName(lang, room).toLowerCase() : roomShortName(lang, room));
  const whole = lang === 'en' ? roomName(lang, room).toLowerCase() : roomName(lang, room);
  return forRoom(lang, assistantText(lang, 'points_room_first', { room: whole }));
}

/**
 * What a completed stay earns in each room type (its points per stay) and what a free night costs
 * (its free-night points; a type without one is not sold for points), from the hotel's types.
 */
export function pointsText(lang: Lang, rooms: RoomTypeView[]): string {
  const active = rooms.filter((r) => r.active);
  const earning = active.filter((r) => r.pointsPerStay > 0);
  const earned = listText(
    lang,
    earning.map((r, i) =>
      assistantText(lang, 'points_earned_item', {
        points: countText(r.pointsPerStay, lang, 'points'),
        room: pointsRoom(lang, r, i === 0),
      }),
    ),
    lang === 'ar' ? 'comma_and' : 'and',
  );
  const redeemable = active.filter((r) => r.freeNightPoints !== null);
  if (redeemable.length === 0) return assistantText(lang, 'points_rules_earn_only', { earned });
  const costs = listText(
    lang,
    redeemable.map((r) =>
      assistantText(lang, 'points_cost_item', {
        points: countText(r.freeNightPoints!, lang, 'points'),
        room: pointsRoom(lang, r, false),
      }),
    ),
    lang === 'ar' ? 'comma_and' : 'comma',
  );
  return assistantText(lang, 'points_rules', { earned, costs });
}

export function eventsText(lang: Lang): string {
  return assistantText(lang, 'events_rules');
}

/** Everything else at once, for grounding a language model's free-form answer (prices and plans: chat-rates.ts). */
export async function allFactsText(db: Db, lang: Lang, rooms: RoomTypeView[]): Promise<string> {
  const [offerText, serviceText, vip] = await Promise.all([
    offersText(db, lang),
    servicesText(db, lang),
    vipText(db, lang),
  ]);
  return [offerText, serviceText, vip, pointsText(lang, rooms), eventsText(lang)].join('\n\n');
}
