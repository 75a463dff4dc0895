import { bookingRequestSchema } from '@shared/booking-schemas';
import type { BedType, SmokingType } from '@shared/constants';
import type { RoomTypeView } from '@shared/room-type-schemas';
import { nightsBetween, type OfferNightPrices } from '@shared/money';
import { depositDueBaisa, isNonRefundable } from '@shared/payments';
import { STANDARD_RATE_PLAN } from '@shared/rates';
import { ApiError, errorBody } from '../../platform/api-error';
import {
  plansByCode,
  priced,
  sellablePlanChain,
  toRateNight,
  type PricedStay,
  type RateNightRow,
  type RatePlanRow,
} from '../rates';
import { listText, type Lang } from './assistant-facts';
import type { PlanWords } from './chat-parse';
import { formatMoney } from '../../platform/format';
import { assistantText } from '../../platform/messages';
import type { ChatBookingSession } from './tables';

/**
 * The booking conversation's draft (chat-booking.ts holds the conversation): its steps and
 * fields, the state the app is shown, each field checked with the booking form's schema, and
 * the draft's stay priced on plan standard as the quote prices it, with the sentence a
 * restriction refuses it with. No database: the rows it prices with are read by the conversation.
 */

export const BOOKING_STEPS = [
  'room_type',
  'check_in',
  'check_out',
  'guests',
  'bed_type',
  'smoking',
  'full_name',
  'phone',
  'id_number',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number] | 'confirm' | 'idle' | 'done';

export type BookingDraft = {
  /** A room type's code (one of the hotel's). */
  roomType?: string;
  checkInDate?: string;
  checkOutDate?: string;
  numberOfGuests?: number;
  /** Of the guests, how many are children (when the guest said so: "2 adults and 3 children"). */
  children?: number;
  bedType?: BedType;
  smokingPreference?: SmokingType;
  fullName?: string;
  phoneNumber?: string;
  idNumber?: string;
  /** Nights said before the check-in date ("لليلتين"): the check-out once the check-in is known. */
  stayNights?: number;
  /**
   * The rate plan the guest chose by naming it (one guests may book, as on the booking form);
   * none said: plan standard.
   */
  ratePlan?: string;
};
export type Field = Exclude<keyof BookingDraft, 'stayNights' | 'ratePlan'>;

/** The draft's plan: the one the guest named, else standard. */
export const draftPlan = (d: Pick<BookingDraft, 'ratePlan'>): string => d.ratePlan ?? STANDARD_RATE_PLAN;

/** The draft's adults and children: its children as the guest said them, the rest adults. */
export function draftGuests(d: Pick<BookingDraft, 'numberOfGuests' | 'children'>, guests = d.numberOfGuests) {
  if (guests === undefined) return undefined;
  const children = Math.min(d.children ?? 0, guests - 1);
  return { numberOfGuests: guests, adults: guests - children, children };
}

export const STEP_FIELD: Record<(typeof BOOKING_STEPS)[number], Field> = {
  room_type: 'roomType',
  check_in: 'checkInDate',
  check_out: 'checkOutDate',
  guests: 'numberOfGuests',
  bed_type: 'bedType',
  smoking: 'smokingPreference',
  full_name: 'fullName',
  phone: 'phoneNumber',
  id_number: 'idNumber',
};
/** What the app receives as `bookingState` (and may send back; it is not read). */
export type BookingState = {
  step: BookingStep;
  data: BookingDraft;
  totalPriceBaisa: number | null;
  bookingReference: string | null;
};

/**
 * What the assistant prices a stay with (decision 061): today's offer
 * prices (decision 014), the plans, and the room type's rate rows of the nights the draft asks
 * (read in the message's batches, never one more round trip per price). The assistant books on
 * plan `standard`, priced as the booking will be (modules/rates `priced`).
 */
export type Pricing = {
  offers: OfferNightPrices;
  plans: RatePlanRow[];
  /**
   * The hotel's room types (its table's rows, retired ones too), in their order: read in the
   * message's first batch (a caller without them has the conversation read them).
   */
  rooms?: RoomTypeView[];
  /** The rows read for one room type's nights [from, to] (a stay's nights and departure). */
  rates?: RateRows;
};
export type RateRows = { roomType: string; from: string; to: string; rows: RateNightRow[] };

type PricedDraft = Pick<
  BookingDraft,
  'roomType' | 'checkInDate' | 'checkOutDate' | 'numberOfGuests' | 'children' | 'ratePlan'
>;

/** Whether the rows read cover the draft's stay (its room type, nights and departure date). */
export function ratesCover(rates: RateRows | undefined, d: PricedDraft): rates is RateRows {
  return (
    !!rates &&
    rates.roomType === d.roomType &&
    !!d.checkInDate &&
    !!d.checkOutDate &&
    rates.from <= d.checkInDate &&
    d.checkOutDate <= rates.to
  );
}

/**
 * The draft's stay priced on its plan (the one the guest named, else standard), or null while it
 * lacks a field (or its rows were not read). `restricted`: a restriction refuses it with
 * modules/rates' 422 `ApiError`. `numberOfGuests` may stand in for a draft without guests yet
 * (restrictions do not depend on them).
 */
export function quoteOf(
  d: PricedDraft,
  p: Pricing,
  options: { restricted?: boolean; numberOfGuests?: number } = {},
): PricedStay | null {
  const numberOfGuests = d.numberOfGuests ?? options.numberOfGuests;
  if (!d.roomType || !d.checkInDate || !d.checkOutDate || !numberOfGuests) return null;
  if (!ratesCover(p.rates, d) || nightsBetween(d.checkInDate, d.checkOutDate) < 1) return null;
  const ratePlan = draftPlan(d);
  const stay = {
    roomType: d.roomType,
    ratePlan,
    checkInDate: d.checkInDate,
    checkOutDate: d.checkOutDate,
    ...draftGuests(d, numberOfGuests)!,
  };
  const chain = sellablePlanChain(plansByCode(p.plans), ratePlan, d.roomType);
  return priced(stay, chain, p.rates.rows.map(toRateNight), p.offers, {
    restricted: options.restricted ?? false,
    type: p.rooms?.find((r) => r.code === d.roomType),
  });
}

/** The restriction's sentence in the guest's language, its limit named ("at least 2 nights"). */
function restrictionText(err: ApiError, lang: Lang): string {
  return errorBody(lang, err.code, undefined, err.extra).error.message;
}

const RESTRICTION_REFUSALS = new Set([
  'min_stay',
  'max_stay',
  'closed',
  'closed_to_arrival',
  'closed_to_departure',
]);

/**
 * A stay a restriction refuses: its sentence, and the dates it is about taken out of the draft
 * (the rest kept), so the guest is asked them again: the departure for a minimum or maximum stay
 * or a departure day closed, both dates for an arrival day closed or a night not sold.
 */
export function refuseDates(err: ApiError, data: BookingDraft, lang: Lang): string {
  if (err.code === 'closed' || err.code === 'closed_to_arrival') delete data.checkInDate;
  delete data.checkOutDate;
  delete data.stayNights;
  return restrictionText(err, lang);
}

export const isRestriction = (err: ApiError): boolean => RESTRICTION_REFUSALS.has(err.code);

export function stateOf(
  row: Pick<ChatBookingSession, 'currentStep' | 'bookingData'> | undefined,
  pricing: Pricing,
  reference: string | null = null,
): BookingState {
  const step = (row?.currentStep ?? 'idle') as BookingStep;
  const data = (row?.bookingData ?? {}) as BookingDraft;
  return { step, data, totalPriceBaisa: totalOf(data, pricing), bookingReference: reference };
}

function totalOf(d: BookingDraft, pricing: Pricing): number | null {
  try {
    return quoteOf(d, pricing)?.totalPriceBaisa ?? null;
  } catch {
    return null;
  }
}

export function nextStep(d: BookingDraft): BookingStep {
  return BOOKING_STEPS.find((s) => d[STEP_FIELD[s]] === undefined) ?? 'confirm';
}

/** A field checked with the booking form's schema; answers the value or the message code. */
export function check<F extends Field>(
  field: F,
  value: unknown,
): { ok: true; value: BookingDraft[F] } | { ok: false; code: string } {
  const shape = bookingRequestSchema.shape[field as keyof typeof bookingRequestSchema.shape];
  const result = shape.safeParse(value);
  if (result.success) return { ok: true, value: result.data as BookingDraft[F] };
  return { ok: false, code: result.error.issues[0]?.message ?? 'validation_failed' };
}

/** The draft's stay priced for each room type on plan standard (chat-rates.ts), as the quote prices it. */
export type StayPrices = { nights: number; guests: number; prices: Partial<Record<string, number>> };

/** The plans a guest may book here, as the booking form offers them (active and public), in staff's order. */
export function planWords(p: Pick<Pricing, 'plans'>): (PlanWords & { roomTypes: string[] })[] {
  return p.plans
    .filter((r) => r.active && r.public)
    .map((r) => ({
      code: r.code,
      nameAr: r.nameAr,
      nameEn: r.nameEn,
      nonRefundable: isNonRefundable(r.cancellation),
      breakfastIncluded: r.breakfastIncluded,
      roomTypes: r.roomTypes,
    }));
}

/** A plan's name in the guest's language (its code for a plan since removed). */
export function planNameOf(p: Pick<Pricing, 'plans'>, code: string, lang: Lang): string {
  const plan = p.plans.find((r) => r.code === code);
  return plan ? (lang === 'ar' ? plan.nameAr : plan.nameEn) : code;
}

/**
 * The stay on the other plans guests may book that sell its room type (each at its total, a plan
 * a restriction refuses left out), said under the summary so the guest may name one instead.
 */
export function otherRatesText(c: Pricing, d: BookingDraft, lang: Lang): string | null {
  const items = planWords(c).flatMap((plan) => {
    if (plan.code === draftPlan(d) || !d.roomType || !plan.roomTypes.includes(d.roomType)) return [];
    try {
      const quote = quoteOf({ ...d, ratePlan: plan.code }, c, { restricted: true });
      if (!quote) return [];
      return [
        assistantText(lang, 'room_choice', {
          room: planNameOf(c, plan.code, lang),
          price: formatMoney(quote.totalPriceBaisa, lang),
        }),
      ];
    } catch (err) {
      if (err instanceof ApiError) return [];
      throw err;
    }
  });
  return items.length > 0
    ? assistantText(lang, 'summary_other_rates', { rates: listText(lang, items, 'or') })
    : null;
}

/** What a stay's plan asks to be paid in advance, and where (said once the booking is made); null: nothing. */
export function dueInAdvanceText(quote: PricedStay | null, lang: Lang): string | null {
  if (!quote) return null;
  const due = depositDueBaisa(quote.plan.deposit, quote.plan.cancellation, {
    totalBaisa: quote.totalPriceBaisa,
    nightPrices: quote.nights.map((n) => n.priceBaisa),
    nights: quote.nights.length,
  });
  if (due <= 0) return null;
  return assistantText(lang, quote.plan.confirmOnDeposit ? 'booked_pay_confirms' : 'booked_pay', {
    amount: formatMoney(due, lang),
  });
}
