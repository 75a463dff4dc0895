import { FREE_NIGHT_COST, POINTS_EARNED, ROOM_TYPES, type RoomType } from '@shared/constants';
import { countText } from '../../platform/counts';
import { formatAmount, formatCount, formatMoney } from '../../platform/format';
import { readSiteSettings } from '../catalog';
import { activeServicesQuery, vipCardTypesQuery } from '../catalog';
import type { Db } from '../../platform/env';
import { assistantText, ROOM_TIER_NAME } from '../../platform/messages';
import { offersShownToday } from '../catalog';
import { formatTimeOfDay } from '@shared/time-of-day';

/**
 * What the assistant states as fact: room tiers, offers,
 * services and VIP cards from D1 (prices and rate plans: chat-rates.ts, as the quote reads them), points and event rules from shared/ constants.
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

export type RoomFact = { roomType: RoomType; price: number; original: number; maxGuests: number };

/**
 * One line per room: its price for two a night (priced by the caller as the quote prices it,
 * modules/assistant/chat-rates.ts), the crossed-out price when it is higher, and its capacity.
 */
export function roomPricesText(list: RoomFact[], lang: Lang, only?: RoomType): string {
  return list
    .filter((r) => !only || r.roomType === only)
    .map((r) =>
      assistantText(lang, r.original > r.price ? 'room_price_line' : 'room_price_line_plain', {
        room: ROOM_TIER_NAME[lang][r.roomType],
        price: formatMoney(r.price, lang),
        original: formatAmount(r.original, lang),
        guests: countText(Math.max(r.maxGuests, 4), lang, 'guests'),
      }),
    )
    .join('\n');
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

export function pointsText(lang: Lang): string {
  const values: Record<string, string> = {};
  for (const t of ROOM_TYPES) {
    values[t] = countText(POINTS_EARNED[t], lang, 'points');
    values[`${t}Cost`] = countText(FREE_NIGHT_COST[t], lang, 'points');
  }
  return assistantText(lang, 'points_rules', values);
}

export function eventsText(lang: Lang): string {
  return assistantText(lang, 'events_rules');
}

/** Everything else at once, for grounding a language model's free-form answer (prices and plans: chat-rates.ts). */
export async function allFactsText(db: Db, lang: Lang): Promise<string> {
  const [offerText, serviceText, vip] = await Promise.all([
    offersText(db, lang),
    servicesText(db, lang),
    vipText(db, lang),
  ]);
  return [offerText, serviceText, vip, pointsText(lang), eventsText(lang)].join('\n\n');
}
