import { MIN_GUESTS } from '@shared/constants';
import { MAX_OCCUPANCY, type RoomTypeView } from '@shared/room-type-schemas';
import { isCalendarDate } from '@shared/date-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { nightsBetween, typeNightBaisa, type OfferNightPrices } from '@shared/money';
import { isNonRefundable } from '@shared/payments';
import {
  DEFAULT_BASE_OCCUPANCY,
  nightPriceBaisa,
  rateLookup,
  STANDARD_RATE_PLAN,
  type CancellationRule,
  type RateNight,
  type RatePlan,
} from '@shared/rates';
import { normalizeText } from '@shared/text-normalize';
import { ApiError, errorBody } from '../../platform/api-error';
import { countText } from '../../platform/counts';
import type { Db } from '../../platform/env';
import { assistantText, roomName } from '../../platform/messages';
import { roomAvailability } from '../inventory';
import {
  plansByCode,
  priced,
  rateNightsAllTypesQuery,
  sellablePlanChain,
  toRateNight,
  toRatePlan,
  type PricedStay,
  type RatePlanRow,
} from '../rates';
import { formatAmount, formatCount, formatDate, formatMoney } from '../../platform/format';
import { nightsText, roomPricesText, type Lang, type RoomFact } from './assistant-facts';
import { findDates, findGuests, findNights, findRoomType } from './chat-parse';

/**
 * What the assistant says about rates (decision 061), read from what GET /api/quote reads: the
 * plans guests may book (active ones, GET /api/rate-plans) with their names, breakfast,
 * cancellation, deposit and confirmation rules; the rate calendar's rows and today's offers,
 * priced night by night by modules/rates `priced` (restrictions such as a minimum stay refuse a
 * stay as the quote refuses it). Never the spec's price list: a night the calendar prices
 * otherwise is said at the calendar's price.
 */

export type RateContext = {
  db: Db;
  lang: Lang;
  plans: RatePlanRow[];
  offers: OfferNightPrices;
  /** The hotel's room types (its table's rows, retired ones too), in their order. */
  rooms: RoomTypeView[];
  now?: Date;
};

/** The room types guests may book (the active ones), in their order. */
const activeRooms = (c: { rooms?: RoomTypeView[] }) => (c.rooms ?? []).filter((r) => r.active);

/** Questions about the plans themselves, read before the stay policy and prices (normalised text). */
export type RateQuestion = 'non_refundable' | 'plans';

const NON_REFUNDABLE =
  /\bnon ?refundable|\bnot refundable|\bno refunds?\b|\bwithout (a )?refunds?\b|غير قابل(ه)? للاسترداد|غير مسترد|بدون استرداد|لا يسترد|غير قابل(ه)? للاسترجاع|بدون استرجاع/;
const PLANS =
  /\brate plans?\b|\bplans?\b|\bpackages?\b|bed and breakfast|breakfast includ|includ\w* breakfast|with breakfast|\bdeposit|\bprepa(y|id|yment)|pay\w* (in )?advance|\bupfront\b|\bflexible rate|\bwhat rates\b|\bwhich rates\b|خطط|خطه|باقه|باقات|عربون|دفعه مقدمه|مقدما|مع الافطار|شامل الافطار|يشمل الافطار|السعر المرن|انواع الاسعار/;

export function rateQuestionOf(message: string): RateQuestion | null {
  const t = normalizeText(message);
  if (NON_REFUNDABLE.test(t)) return 'non_refundable';
  if (PLANS.test(t)) return 'plans';
  return null;
}

/** The plans a guest may book (active, not a company's private one), standard first, in staff's order. */
function publicPlans(rows: RatePlanRow[]): RatePlan[] {
  return rows.filter((r) => r.active && r.public).map(toRatePlan);
}

const planName = (plan: RatePlan, lang: Lang) => (lang === 'ar' ? plan.nameAr : plan.nameEn);

/** A cancellation rule in words ("free cancellation or change until 24 hours before ..."). */
export function cancellationText(rule: CancellationRule, lang: Lang): string {
  if (rule.kind === 'non_refundable') return assistantText(lang, 'plan_non_refundable');
  const deadline =
    rule.hours > 0
      ? assistantText(lang, 'policy_deadline_hours', { hours: countText(rule.hours, lang, 'hours') })
      : assistantText(lang, 'policy_deadline_check_in');
  return assistantText(lang, 'plan_free_cancellation', { deadline });
}

/** What the plan asks to be paid before arrival, and how a request on it is confirmed. */
export function paymentText(plan: RatePlan, lang: Lang): string {
  const payment = isNonRefundable(plan.cancellation)
    ? assistantText(lang, 'plan_prepay_all')
    : plan.deposit.kind === 'first_night'
      ? assistantText(lang, 'plan_deposit_first_night')
      : plan.deposit.kind === 'percent'
        ? assistantText(lang, 'plan_deposit_percent', { percent: formatCount(plan.deposit.percent, lang) })
        : null;
  if (payment === null) return assistantText(lang, 'plan_pay_at_hotel');
  return assistantText(lang, plan.confirmOnDeposit ? 'plan_confirm_on_payment' : 'plan_confirm_by_hotel', {
    payment,
  });
}

/** One plan's terms on one line: its prices against its parent's, breakfast, cancellation, payment. */
export function planLine(plan: RatePlan, all: ReadonlyMap<string, RatePlan>, lang: Lang): string {
  const values = {
    name: planName(plan, lang),
    breakfast: assistantText(lang, plan.breakfastIncluded ? 'plan_breakfast' : 'plan_room_only'),
    cancellation: cancellationText(plan.cancellation, lang),
    payment: paymentText(plan, lang),
  };
  const parent = plan.parentCode ? all.get(plan.parentCode) : undefined;
  const percent = plan.parentAdjustmentPercent ?? 0;
  if (!parent || percent === 0) return assistantText(lang, 'plan_line', values);
  return assistantText(lang, percent < 0 ? 'plan_line_below' : 'plan_line_above', {
    ...values,
    percent: formatCount(Math.abs(percent), lang),
    parent: planName(parent, lang),
  });
}

function planLines(plans: RatePlan[], rows: RatePlanRow[], lang: Lang): string[] {
  const all = plansByCode(rows);
  return plans.map((p) => planLine(p, all, lang));
}

/** Each plan's cancellation rule, for the stay policy's answer. */
export function cancellationLines(rows: RatePlanRow[], lang: Lang): string[] {
  return publicPlans(rows).map((p) =>
    assistantText(lang, 'policy_plan_line', {
      name: planName(p, lang),
      cancellation: cancellationText(p.cancellation, lang),
    }),
  );
}

// ---------------------------------------------------------------------------------------
// Prices, as the quote prices them

/** The stay a message names: two dates, or one date and a number of nights (or one night). */
export function stayAsked(message: string, today = hotelToday()): { from: string; to: string } | null {
  const dates = findDates(message, today).filter(isCalendarDate);
  if (dates.length === 0) return null;
  const from = dates[0]!;
  let to = dates[1] !== undefined && dates[1] > from ? dates[1] : null;
  if (!to) {
    const nights = findNights(message);
    to = addDays(from, nights !== null && nights >= 1 ? nights : 1);
  }
  const nights = nightsBetween(from, to);
  if (from < today || nights < 1 || nights > 31) return null;
  return { from, to };
}

type Prices = {
  rows: RateNight[];
  plans: RatePlanRow[];
  offers: OfferNightPrices;
};

/** A stay priced on one plan exactly as the quote prices it, or the restriction that refuses it. */
function quoteOn(
  p: Prices,
  plan: RatePlan,
  room: RoomTypeView,
  stay: { from: string; to: string; guests: number },
  restricted = true,
): { ok: true; quote: PricedStay } | { ok: false; error: ApiError } {
  const roomType = room.code;
  try {
    const chain = sellablePlanChain(plansByCode(p.plans), plan.code, roomType);
    const quote = priced(
      {
        roomType,
        ratePlan: plan.code,
        checkInDate: stay.from,
        checkOutDate: stay.to,
        numberOfGuests: stay.guests,
      },
      chain,
      p.rows.filter((r) => r.roomType === roomType),
      p.offers,
      { restricted, type: room },
    );
    return { ok: true, quote };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, error: err };
    throw err;
  }
}

const refusalText = (error: ApiError, lang: Lang) =>
  errorBody(lang, error.code, undefined, error.extra).error.message;

/**
 * What each guest beyond the room type's base occupancy adds to a night on plan standard, for the
 * room in all (the quote's rule: the night's extra-guest price, else the plan's, else the type's, else the spec's), as the
 * booking form says it: "3 guests add 2.000 a night, 4 guests add 4.000 a night" (the first two
 * guests above the base the type takes; one, or none, for a type that takes fewer).
 */
function extraGuestsNote(p: Prices, rooms: RoomTypeView[], night: string, lang: Lang): string | null {
  const plans = plansByCode(p.plans);
  const sold = rooms.filter((r) => plans.get(STANDARD_RATE_PLAN)?.roomTypes.includes(r.code));
  const notes = sold.flatMap((room) => {
    const base = room.baseOccupancy;
    const extra = Math.min(2, room.maxOccupancy - base);
    if (extra < 1) return [];
    const chain = sellablePlanChain(plans, STANDARD_RATE_PLAN, room.code);
    const lookup = rateLookup(p.rows.filter((r) => r.roomType === room.code));
    const priced = {
      priceBaisa: typeNightBaisa(room, p.offers),
      baseOccupancy: base,
      extraGuestPriceBaisa: room.extraGuestPriceBaisa,
    };
    const price = (guests: number) => nightPriceBaisa(chain, lookup, night, guests, priced);
    const adds = Array.from({ length: extra }, (_, i) => ({
      guests: base + 1 + i,
      price: price(base + 1 + i) - price(base),
    }));
    return [{ room, adds }];
  });
  if (notes.length === 0) return null;
  const say = (adds: { guests: number; price: number }[]): Record<string, string> =>
    adds.length === 1
      ? { guests: countText(adds[0]!.guests, lang, 'guests'), price: formatMoney(adds[0]!.price, lang) }
      : {
          threeGuests: countText(adds[0]!.guests, lang, 'guests'),
          three: formatMoney(adds[0]!.price, lang),
          fourGuests: countText(adds[1]!.guests, lang, 'guests'),
          four: formatMoney(adds[1]!.price, lang),
        };
  const key = (adds: { guests: number; price: number }[]) => JSON.stringify(adds);
  const first = notes[0]!;
  if (notes.every((n) => key(n.adds) === key(first.adds))) {
    return assistantText(
      lang,
      first.adds.length === 1 ? 'extra_guest_note' : 'extra_guests_note',
      say(first.adds),
    );
  }
  return notes
    .map((n) =>
      assistantText(lang, n.adds.length === 1 ? 'extra_guest_note_room' : 'extra_guests_note_room', {
        room: roomName(lang, n.room),
        ...say(n.adds),
      }),
    )
    .join('\n');
}

/** The rate rows of every room type for the nights [from, to], and the room types guests may book. */
async function readPrices(c: RateContext, from: string, to: string) {
  const rows = await rateNightsAllTypesQuery(c.db, from, to);
  const prices: Prices = { rows: rows.map(toRateNight), plans: c.plans, offers: c.offers };
  return { prices, roomList: activeRooms(c) };
}

/**
 * Each room type's price of a stay on plan standard (the plan the assistant books on) for `guests`,
 * as the quote prices it (restrictions aside: the booking judges them with the dates).
 */
export async function standardStayPrices(
  c: Pick<RateContext, 'db' | 'plans' | 'offers'> & { rooms?: RoomTypeView[] },
  from: string,
  to: string,
  guests: number,
): Promise<Partial<Record<string, number>>> {
  const standard = plansByCode(c.plans).get(STANDARD_RATE_PLAN);
  const totals: Partial<Record<string, number>> = {};
  if (!standard) return totals;
  const rows = (await rateNightsAllTypesQuery(c.db, from, to)).map(toRateNight);
  const p: Prices = { rows, plans: c.plans, offers: c.offers };
  for (const room of activeRooms(c)) {
    if (!standard.roomTypes.includes(room.code)) continue;
    // A type too small for the guests has no price for them (422 over_occupancy).
    const q = quoteOn(p, standard, room, { from, to, guests }, false);
    if (q.ok) totals[room.code] = q.quote.totalPriceBaisa;
  }
  return totals;
}

/** The guests a message names ("for 4 people", "لأربعة أشخاص"), within what a room may take; else undefined. */
export function guestsNamed(message: string): number | undefined {
  const n = findGuests(message, false);
  return n !== null && n >= MIN_GUESTS && n <= MAX_OCCUPANCY ? n : undefined;
}

/**
 * "How much is the gold room for 4 people a night?": tonight's price of the night for that many
 * guests on plan standard, as the quote prices it (the extra guests included), for each room type
 * (or the one named) that takes them; a type that does not take them says how many it takes.
 */
function tonightForGuestsText(
  c: RateContext,
  prices: Prices,
  standard: RatePlan,
  listed: RoomTypeView[],
  tonight: { from: string; to: string },
  guests: number,
): string {
  const { lang } = c;
  const lines = listed.map((r) => {
    const room = roomName(lang, r);
    if (guests > r.maxOccupancy)
      return assistantText(lang, 'room_price_line_too_many', {
        room,
        guests: countText(r.maxOccupancy, lang, 'guests'),
      });
    const quote = quoteOn(prices, standard, r, { ...tonight, guests }, false);
    if (!quote.ok)
      return assistantText(lang, 'quote_room_refused', { room, reason: refusalText(quote.error, lang) });
    return assistantText(lang, 'room_price_line_guests', {
      room,
      price: formatMoney(quote.quote.totalPriceBaisa, lang),
      guests: countText(guests, lang, 'guests'),
    });
  });
  return [
    assistantText(lang, 'prices_intro_guests', {
      plan: planName(standard, lang),
      guests: countText(guests, lang, 'guests'),
      count: formatCount(guests, lang),
    }),
    ...lines,
    assistantText(lang, 'dates_hint'),
  ].join('\n');
}

/**
 * "How much is the silver room?" with no dates: tonight's price for two on plan standard of each
 * room type (or the one named), priced as the quote prices tonight, what guests beyond two add,
 * and an invitation to name the dates for the stay's price on every plan. With a number of guests
 * named, the night's price for that many (tonightForGuestsText).
 */
export async function tonightPricesText(c: RateContext, only?: string, guests?: number): Promise<string> {
  const { lang } = c;
  const today = hotelToday(c.now);
  const tonight = { from: today, to: addDays(today, 1), guests: 2 };
  const { prices, roomList } = await readPrices(c, tonight.from, tonight.to);
  const standard = plansByCode(c.plans).get(STANDARD_RATE_PLAN)!;
  const listed = roomList.filter((r) => !only || r.code === only);
  if (guests !== undefined) return tonightForGuestsText(c, prices, standard, listed, tonight, guests);
  const facts: RoomFact[] = listed.map((r) => {
    // Tonight for its base occupancy (two for the spec's types).
    const quote = quoteOn(prices, standard, r, { ...tonight, guests: r.baseOccupancy }, false);
    const price = quote.ok ? quote.quote.totalPriceBaisa : typeNightBaisa(r, c.offers);
    return {
      roomType: r.code,
      names: r,
      price,
      original: r.originalPriceBaisa ?? r.priceBaisa,
      maxGuests: r.maxOccupancy,
      baseOccupancy: r.baseOccupancy,
    };
  });
  const others = publicPlans(c.plans).filter((p) => p.code !== STANDARD_RATE_PLAN);
  const list = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
  return [
    // "For one or two guests" while every price listed is for two (each line says its own otherwise).
    assistantText(
      lang,
      listed.every((r) => r.baseOccupancy === DEFAULT_BASE_OCCUPANCY) ? 'prices_intro' : 'prices_intro_each',
      { plan: planName(standard, lang) },
    ),
    roomPricesText(facts, lang),
    extraGuestsNote(prices, listed, today, lang),
    others.length > 0
      ? assistantText(lang, 'dates_hint_plans', {
          plan: planName(standard, lang),
          others: list.format(others.map((p) => planName(p, lang))),
        })
      : assistantText(lang, 'dates_hint'),
  ]
    .filter((l): l is string => !!l)
    .join('\n');
}

/** Every plan's price of the stay for one room type, night by night, with each plan's terms. */
function roomStayLines(
  p: Prices,
  plans: RatePlan[],
  room: RoomTypeView,
  stay: { from: string; to: string; guests: number },
  lang: Lang,
): string[] {
  const list = new Intl.ListFormat(lang, { style: 'short', type: 'unit' });
  const results = plans
    .filter((plan) => plan.roomTypes.includes(room.code))
    .map((plan) => ({ plan, r: quoteOn(p, plan, room, stay) }));
  // A restriction every plan shares (standard's house rule, most often): said once.
  const reasons = new Set(results.map(({ r }) => (r.ok ? null : refusalText(r.error, lang))));
  const [only] = reasons;
  if (results.length > 1 && reasons.size === 1 && only) {
    return [assistantText(lang, 'quote_all_refused', { reason: only })];
  }
  return results.map(({ plan, r }) => {
    const name = planName(plan, lang);
    if (!r.ok)
      return assistantText(lang, 'quote_plan_refused', { plan: name, reason: refusalText(r.error, lang) });
    const { nights, totalPriceBaisa } = r.quote;
    const total = formatMoney(totalPriceBaisa, lang);
    if (nights.every((n) => n.priceBaisa === nights[0]!.priceBaisa)) {
      return assistantText(lang, 'quote_plan_line', {
        plan: name,
        total,
        price: formatMoney(nights[0]!.priceBaisa, lang),
      });
    }
    return assistantText(lang, 'quote_plan_line_nights', {
      plan: name,
      total,
      nights: list.format(
        nights.map((n) =>
          assistantText(lang, 'quote_night_item', {
            date: formatDate(n.date, lang, 'long'),
            price: formatAmount(n.priceBaisa, lang),
          }),
        ),
      ),
    });
  });
}

/** One line per room type: each plan's total for the stay, or why it is not sold. */
function allRoomsLine(
  p: Prices,
  plans: RatePlan[],
  type: RoomTypeView,
  stay: { from: string; to: string; guests: number },
  lang: Lang,
): string {
  const list = new Intl.ListFormat(lang, { style: 'short', type: 'unit' });
  const room = roomName(lang, type);
  const results = plans
    .filter((plan) => plan.roomTypes.includes(type.code))
    .map((plan) => ({ plan, r: quoteOn(p, plan, type, stay) }));
  const sold = results.filter((x) => x.r.ok);
  if (sold.length === 0) {
    const refused = results.find((x) => !x.r.ok)?.r;
    return assistantText(lang, 'quote_room_refused', {
      room,
      reason: refused && !refused.ok ? refusalText(refused.error, lang) : '',
    });
  }
  return assistantText(lang, 'quote_room_line', {
    room,
    prices: list.format(
      sold.map(({ plan, r }) =>
        assistantText(lang, 'quote_price_item', {
          plan: planName(plan, lang),
          total: formatMoney(r.ok ? r.quote.totalPriceBaisa : 0, lang),
        }),
      ),
    ),
  });
}

/**
 * The price of a stay the message names ("gold room from 10 to 12 March for 3"), on every plan
 * guests may book, as GET /api/quote gives it: night by night from the rate calendar, a plan a
 * restriction refuses said with its reason, a room type sold out said so; then each plan's terms
 * and what guests beyond two add. Null when the message names no stay.
 */
export async function stayPricesText(
  c: RateContext,
  message: string,
  only?: (plan: RatePlan) => boolean,
): Promise<string | null> {
  const { lang } = c;
  const w = stayAsked(message, hotelToday(c.now));
  if (!w) return null;
  const named = guestsNamed(message);
  const stay = { ...w, guests: named ?? 2 };
  const plans = publicPlans(c.plans).filter((p) => !only || only(p));
  if (plans.length === 0) return null;
  const roomType = findRoomType(message, c.rooms);
  const [{ prices, roomList }, free] = await Promise.all([
    readPrices(c, w.from, w.to),
    roomAvailability(c.db, w),
  ]);
  const left = new Map(free.map((r) => [r.roomType, r.availableCount]));
  const types = roomList.filter((t) => !roomType || t.code === roomType);
  const asked = types.find((t) => t.code === roomType);
  const head = {
    from: formatDate(w.from, lang, 'long'),
    to: formatDate(w.to, lang, 'long'),
    nights: nightsText(nightsBetween(w.from, w.to), lang),
    guests: countText(stay.guests, lang, 'guests'),
    count: formatCount(stay.guests, lang),
  };
  const lines: string[] = [];
  if (asked) {
    lines.push(assistantText(lang, 'quote_intro', { ...head, room: roomName(lang, asked) }));
    if ((left.get(asked.code) ?? 0) < 1) lines.push(assistantText(lang, 'quote_sold_out'));
    else lines.push(...roomStayLines(prices, plans, asked, stay, lang));
  } else {
    lines.push(assistantText(lang, 'quote_intro_all', head));
    for (const t of types) {
      lines.push(
        (left.get(t.code) ?? 0) < 1
          ? assistantText(lang, 'quote_room_sold_out', { room: roomName(lang, t) })
          : allRoomsLine(prices, plans, t, stay, lang),
      );
    }
  }
  lines.push(assistantText(lang, 'plans_terms_intro'), ...planLines(plans, c.plans, lang));
  // What guests beyond two add, unless the guest named how many they are (their price is above).
  const note = named === undefined ? extraGuestsNote(prices, types, w.from, lang) : null;
  if (note) lines.push(note);
  return lines.join('\n');
}

/**
 * "Do you have a non-refundable rate?", "what rates do you have?", "is there a deposit?": the plans
 * guests may book with their terms (the non-refundable ones, or that there is none); with a stay
 * named, its price on them too.
 */
export async function plansText(c: RateContext, question: RateQuestion, message: string): Promise<string> {
  const { lang } = c;
  const plans = publicPlans(c.plans);
  if (question === 'non_refundable') {
    const nonRefundable = plans.filter((p) => isNonRefundable(p.cancellation));
    if (nonRefundable.length === 0) {
      return [assistantText(lang, 'non_refundable_none'), ...planLines(plans, c.plans, lang)].join('\n');
    }
    const stayPrices = await stayPricesText(c, message, (p) => isNonRefundable(p.cancellation));
    return [
      assistantText(lang, 'non_refundable_yes'),
      ...(stayPrices ? [stayPrices] : planLines(nonRefundable, c.plans, lang)),
    ].join('\n');
  }
  const stayPrices = await stayPricesText(c, message);
  if (stayPrices) return stayPrices;
  return [assistantText(lang, 'plans_intro'), ...planLines(plans, c.plans, lang)].join('\n');
}
