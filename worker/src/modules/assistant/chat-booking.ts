import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { formatBookingReference } from '@shared/booking-reference';
import { ASSISTANT_BOOKING_TYPE, bookingRequestSchema } from '@shared/booking-schemas';
import { hotelToday } from '@shared/dates';
import { nightsBetween, typeNightBaisa } from '@shared/money';
import { chatBookingSessions, chatMessages, type ChatBookingSession } from './tables';
import { assistantBookings } from '../bookings';
import { bedAvailability, roomAvailability, smokingAvailability } from '../inventory';
import type { Db } from '../../platform/env';
import { newChangeToken } from '../../platform/atomic';
import { isCancel, readAnswer } from './chat-parse';
import {
  type BOOKING_STEPS,
  type BookingDraft,
  type BookingState,
  type BookingStep,
  dueInAdvanceText,
  otherRatesText,
  isRestriction,
  nextStep,
  type Pricing,
  quoteOf,
  ratesCover,
  refuseDates,
  stateOf,
  type StayPrices,
} from './chat-booking-draft';
import { roomOf, takeAnswer } from './chat-booking-answer';
import { ApiError } from '../../platform/api-error';
import { rateNightsWindowQuery, type PricedStay } from '../rates';
import { roomTypesQuery, roomTypeView } from '../catalog';
import { isolateLtr, listText, nightsText, type Lang } from './assistant-facts';
import { formatAmount, formatCount, formatDate, formatMoney } from '../../platform/format';
import { cancellationText, paymentText, standardStayPrices } from './chat-rates';
import { countText } from '../../platform/counts';
import {
  assistantRetries,
  assistantText,
  BED_NAME,
  roomName,
  roomShortName,
  type AssistantTextKey,
  SMOKING_NAME,
  translate,
} from '../../platform/messages';

/**
 * The booking conversation. Its state lives in `chat_booking_sessions`,
 * one row per conversation, and is echoed to the app as `bookingState`; what the app
 * sends back is never read. Each answer is checked with the booking form's own zod
 * schema (same message codes), availability is live, and the final "yes" creates the
 * booking through modules/bookings/booking-requests.ts (the code of POST /api/booking-submissions: same
 * holds, same caps), with the conversation's completion in the same D1 batch, so one
 * "yes" makes one booking however often it arrives. The draft, its checks and its price are in
 * chat-booking-draft.ts.
 */

const ASK: Record<(typeof BOOKING_STEPS)[number], AssistantTextKey> = {
  room_type: 'ask_room_type',
  check_in: 'ask_check_in',
  check_out: 'ask_check_out',
  guests: 'ask_guests',
  bed_type: 'ask_bed_type',
  smoking: 'ask_smoking',
  full_name: 'ask_full_name',
  phone: 'ask_phone',
  id_number: 'ask_id',
};

/** The room types a guest may book (the hotel's active ones), in their order. */
export const bookableRooms = (p: Pick<Pricing, 'rooms'>) => (p.rooms ?? []).filter((r) => r.active);

type Rooms = NonNullable<Pricing['rooms']>;

/** The room types offered, each at a price: "Silver (12.600), Gold (13.200) or Deluxe (17.300)". */
function roomChoices(lang: Lang, rooms: Rooms, price: (code: string) => number): string {
  return listText(
    lang,
    rooms.map((r) =>
      assistantText(lang, 'room_choice', {
        room: roomShortName(lang, r),
        price: formatMoney(price(r.code), lang),
      }),
    ),
    'or',
  );
}

/**
 * What a step asks. The room type, when the draft's dates are known (`stay`), with each type's
 * price of that stay from the rate calendar; else the room types' prices a night.
 */
export function askFor(
  step: BookingStep,
  lang: Lang,
  p: Pick<Pricing, 'rooms' | 'offers'>,
  stay?: StayPrices,
): string {
  if (step === 'confirm' || step === 'idle' || step === 'done') return '';
  const rooms = bookableRooms(p);
  if (step === 'room_type' && stay && rooms.every((r) => stay.prices[r.code] !== undefined)) {
    return assistantText(lang, 'ask_room_type_stay', {
      rooms: roomChoices(lang, rooms, (code) => stay.prices[code]!),
      nights: nightsText(stay.nights, lang),
      guests: countText(stay.guests, lang, 'guests'),
      count: formatCount(stay.guests, lang),
    });
  }
  if (step !== 'room_type') return assistantText(lang, ASK[step]);
  const night = new Map(rooms.map((r) => [r.code, typeNightBaisa(r, p.offers)]));
  return assistantText(lang, 'ask_room_type', {
    rooms: roomChoices(lang, rooms, (code) => night.get(code)!),
  });
}

/** The booking to confirm, with the plan it is sold under: its name, cancellation rule and what is paid when. */
function summary(d: Required<BookingDraft>, lang: Lang, quote: PricedStay, rooms: Pricing['rooms']): string {
  return assistantText(lang, 'summary', {
    room: roomShortName(lang, roomOf(rooms, d.roomType)),
    checkIn: formatDate(d.checkInDate, lang, 'long'),
    checkOut: formatDate(d.checkOutDate, lang, 'long'),
    nights: nightsText(nightsBetween(d.checkInDate, d.checkOutDate), lang),
    guests: formatCount(d.numberOfGuests, lang),
    bed: BED_NAME[lang][d.bedType],
    smoking: SMOKING_NAME[lang][d.smokingPreference],
    name: d.fullName,
    phone: isolateLtr(d.phoneNumber),
    id: isolateLtr(d.idNumber),
    total: formatMoney(quote.totalPriceBaisa, lang),
    rate: lang === 'ar' ? quote.plan.nameAr : quote.plan.nameEn,
    cancellation: cancellationText(quote.plan.cancellation, lang),
    payment: paymentText(quote.plan, lang),
  });
}

/** Each room type's price of the draft's stay (its guests, else two), when its dates are known. */
export async function draftStayPrices(
  c: Pick<Conversation, 'db' | 'plans' | 'offers' | 'rooms'>,
  data: BookingDraft,
): Promise<StayPrices | undefined> {
  const { checkInDate: from, checkOutDate: to } = data;
  if (!from || !to || nightsBetween(from, to) < 1) return undefined;
  const guests = data.numberOfGuests ?? 2;
  return { nights: nightsBetween(from, to), guests, prices: await standardStayPrices(c, from, to, guests) };
}

/** The next step's question, the room types priced for the draft's stay. */
async function askNext(c: Conversation, step: BookingStep, data: BookingDraft): Promise<string> {
  return askFor(step, c.lang, c, step === 'room_type' ? await draftStayPrices(c, data) : undefined);
}

export type Conversation = {
  db: Db;
  /** The row's key: the device's conversation id, scoped to the signed-in account. */
  key: string;
  user: SessionUser | null;
  clientHash: string;
  lang: Lang;
  today?: string;
} & Pricing;

export async function loadBookingSession(db: Db, key: string) {
  return db.select().from(chatBookingSessions).where(eq(chatBookingSessions.sessionId, key)).get();
}

async function save(
  c: Conversation,
  row: ChatBookingSession | undefined,
  step: BookingStep,
  data: BookingDraft,
) {
  const values = { currentStep: step, bookingData: data, isCompleted: false, updatedAt: new Date() };
  await c.db
    .insert(chatBookingSessions)
    .values({ sessionId: c.key, userId: c.user?.id ?? null, ...values })
    .onConflictDoUpdate({ target: chatBookingSessions.sessionId, set: values });
  void row;
}

export function bookingInProgress(row: ChatBookingSession | undefined): boolean {
  return !!row && !row.isCompleted && row.currentStep !== 'idle' && row.currentStep !== 'done';
}

export type Turn = { reply: string; state: BookingState };

/** Cancels the conversation's booking, if one is being made. */
export async function cancelBooking(c: Conversation, row: ChatBookingSession | undefined): Promise<Turn> {
  if (!bookingInProgress(row)) {
    return { reply: assistantText(c.lang, 'nothing_to_cancel'), state: stateOf(row, c) };
  }
  await save(c, row, 'idle', {});
  return {
    reply: assistantText(c.lang, 'cancelled'),
    state: stateOf({ currentStep: 'idle', bookingData: {} }, c),
  };
}

/**
 * One message in the booking conversation: starts it (with whatever the first
 * sentence already says) or continues it.
 */
export async function bookingTurn(
  c: Conversation,
  row: ChatBookingSession | undefined,
  message: string,
  starting: boolean,
): Promise<Turn> {
  const lang = c.lang;
  const today = c.today ?? hotelToday();
  c.rooms ??= (await roomTypesQuery(c.db)).map(roomTypeView);
  if (!starting && isCancel(message)) return cancelBooking(c, row);
  const data: BookingDraft = starting ? {} : { ...((row?.bookingData ?? {}) as BookingDraft) };
  const step: BookingStep = starting ? 'room_type' : ((row?.currentStep ?? 'room_type') as BookingStep);

  const reading = readAnswer(message, starting ? 'start' : step, today, c.rooms);
  if (step === 'confirm' && reading.answer === 'yes') return confirm(c, row, data);

  const { problems, accepted, keptNights, changing } = takeAnswer(
    { plans: c.plans, lang, rooms: c.rooms, today, step, starting },
    message,
    reading,
    data,
  );
  problems.push(...(await checkAvailability(c, data)));

  if (data.checkOutDate) delete data.stayNights;
  const next = nextStep(data);
  await save(c, row, next, data);
  const parts = [...(starting ? [assistantText(lang, 'booking_start')] : []), ...problems];
  // Nothing taken from the answer: say what is expected, with an example, never in the
  // same words as the reply before.
  const unread = !starting && accepted === 0 && !keptNights && changing.length === 0 && next === step;
  if (unread) parts.push(await askAgain(c, next, lang));
  else if (next === 'confirm') {
    parts.push(summary(data as Required<BookingDraft>, lang, quoteOf(data, c)!, c.rooms));
    const others = otherRatesText(c, data, lang);
    if (others) parts.push(others);
  } else parts.push(await askNext(c, next, data));
  return { reply: parts.join('\n'), state: stateOf({ currentStep: next, bookingData: data }, c) };
}

/**
 * Live availability for the stay: the room, then its bed and smoking type. A value
 * that is sold out is taken out of the draft (to be asked again) and explained, with
 * the rooms that are free instead. The stay's rate rows are read alongside (when the
 * message's first batch did not read them) and its restrictions judged on plan standard: a stay
 * they refuse is explained in the guest's language and its dates asked again.
 */
async function checkAvailability(c: Conversation, data: BookingDraft): Promise<string[]> {
  const lang = c.lang;
  const problems: string[] = [];
  if (data.roomType && data.checkInDate && data.checkOutDate) {
    const w = { from: data.checkInDate, to: data.checkOutDate };
    const roomType = data.roomType;
    const [roomsFree, bedsFree, smokingFree, rateRows] = await Promise.all([
      roomAvailability(c.db, w),
      data.bedType ? bedAvailability(c.db, w) : Promise.resolve([]),
      data.smokingPreference ? smokingAvailability(c.db, w) : Promise.resolve([]),
      ratesCover(c.rates, data) ? Promise.resolve(null) : rateNightsWindowQuery(c.db, roomType, w.from, w.to),
    ]);
    if (rateRows) c.rates = { roomType, ...w, rows: rateRows };
    const free = roomsFree.find((r) => r.roomType === data.roomType)?.availableCount ?? 0;
    const dates = { from: formatDate(w.from, lang, 'long'), to: formatDate(w.to, lang, 'long') };
    if (free < 1) {
      const others = roomsFree.filter((r) => r.availableCount > 0 && r.roomType !== data.roomType);
      problems.push(
        assistantText(lang, 'sold_out', { room: roomName(lang, roomOf(c.rooms, roomType)), ...dates }),
      );
      // Each free type at its price of this stay (the rate calendar's, as quoted).
      const stay = others.length > 0 ? await draftStayPrices(c, data) : undefined;
      problems.push(
        others.length > 0 && stay
          ? assistantText(lang, 'alternatives_stay', {
              nights: nightsText(stay.nights, lang),
              guests: countText(stay.guests, lang, 'guests'),
              count: formatCount(stay.guests, lang),
              list: others
                .map(
                  (r) =>
                    `${roomShortName(lang, roomOf(c.rooms, r.roomType))} (${formatAmount(stay.prices[r.roomType] ?? nightOf(c, r.roomType) * stay.nights, lang)})`,
                )
                .join(lang === 'ar' ? '، ' : ', '),
            })
          : assistantText(lang, 'no_alternatives'),
      );
      delete data.roomType;
      return problems;
    }
    try {
      // Restrictions do not depend on the guests: judged as soon as the dates are known.
      quoteOf(data, c, { restricted: true, numberOfGuests: 1 });
    } catch (err) {
      if (!(err instanceof ApiError) || !isRestriction(err)) throw err;
      problems.push(refuseDates(err, data, lang));
      return problems;
    }
    const bedFree = bedsFree.find((b) => b.roomType === data.roomType && b.bedType === data.bedType);
    if (data.bedType && (bedFree?.availableCount ?? 0) < 1) {
      problems.push(
        assistantText(lang, 'bed_unavailable', {
          bed: BED_NAME[lang][data.bedType],
          room: roomName(lang, roomOf(c.rooms, data.roomType)),
        }),
      );
      delete data.bedType;
    }
    const smokingRow = smokingFree.find(
      (s) => s.roomType === data.roomType && s.smokingType === data.smokingPreference,
    );
    if (data.smokingPreference && (smokingRow?.availableCount ?? 0) < 1) {
      problems.push(
        assistantText(lang, 'smoking_unavailable', {
          smoking: SMOKING_NAME[lang][data.smokingPreference],
          room: roomName(lang, roomOf(c.rooms, data.roomType)),
        }),
      );
      delete data.smokingPreference;
    }
  }

  return problems;
}

/**
 * The step's question again, worded otherwise than the assistant's last reply in this
 * conversation: the catalogue's retry wordings in turn.
 */
async function askAgain(c: Conversation, step: BookingStep, lang: Lang): Promise<string> {
  const key = step === 'idle' || step === 'done' ? 'room_type' : step;
  // The room types asked again are the hotel's own, by name, and so are the examples.
  const names = bookableRooms(c).map((r) => roomShortName(lang, r));
  const rooms = { rooms: listText(lang, names, 'or'), first: names[0] ?? '', last: names.at(-1) ?? '' };
  const variants = assistantRetries(lang, key, key === 'room_type' ? rooms : undefined);
  const last = await c.db
    .select({ message: chatMessages.message })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, c.key), eq(chatMessages.isBot, true)))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .get();
  const previous = variants.findIndex((v) => last?.message.includes(v));
  return variants[(previous + 1) % variants.length]!;
}

/** A type's night today for its base occupancy (its own price, or a lower offer); 0 for a type since removed. */
function nightOf(c: Pick<Pricing, 'rooms' | 'offers'>, code: string): number {
  const room = c.rooms?.find((r) => r.code === code);
  return room ? typeNightBaisa(room, c.offers) : 0;
}

/**
 * The final "yes": the conversation's change from confirm to done (stamped with this
 * request's token) goes first in the booking's batch, and a guard fails the batch
 * unless this request won it; so any number of concurrent "yes" make one booking, and
 * a refused booking (sold out, caps) leaves the conversation at confirm.
 */
async function confirm(
  c: Conversation,
  row: ChatBookingSession | undefined,
  data: BookingDraft,
): Promise<Turn> {
  const lang = c.lang;
  const parsed = bookingRequestSchema.safeParse({ ...data, bookingType: ASSISTANT_BOOKING_TYPE });
  if (!row || !parsed.success) {
    const next = nextStep(data);
    return {
      reply: await askNext(c, next === 'confirm' ? 'room_type' : next, data),
      state: stateOf(row, c),
    };
  }
  const token = newChangeToken();
  const claim = c.db
    .update(chatBookingSessions)
    .set({ currentStep: 'done', isCompleted: true, changeToken: token, updatedAt: new Date() })
    .where(and(eq(chatBookingSessions.id, row.id), eq(chatBookingSessions.currentStep, 'confirm')));
  // Unless this request's token is on the row, this statement evaluates json() on a
  // text that is not JSON: an error, which rolls the whole batch back.
  const guard = c.db
    .update(chatBookingSessions)
    .set({ bookingData: sql`json('chat booking already handled')` })
    .where(
      and(
        eq(chatBookingSessions.id, row.id),
        or(isNull(chatBookingSessions.changeToken), ne(chatBookingSessions.changeToken, token)),
      ),
    );
  try {
    const booking = await assistantBookings.createBookingRequest(
      c.db,
      parsed.data,
      { session: c.user, clientHash: c.clientHash },
      {
        assistantSessionId: c.key,
        bookingType: ASSISTANT_BOOKING_TYPE,
        before: [claim, guard] as BatchItem<'sqlite'>[],
        // Read in this message's first batch, so the quote and the charge are the same figures.
        offers: c.offers,
        lang,
      },
    );
    const reply = [
      assistantText(lang, 'booked', {
        reference: isolateLtr(formatBookingReference(booking.reference)),
      }),
    ];
    if (c.user) reply.push(assistantText(lang, 'booked_account'));
    // A plan that asks for money in advance: what is due, and where it is paid.
    const due = dueInAdvanceText(quoteOf(data, c), lang);
    if (due) reply.push(due);
    return {
      reply: reply.join(' '),
      state: stateOf({ currentStep: 'done', bookingData: data }, c, booking.reference),
    };
  } catch (err) {
    return afterRefusedBooking(c, data, err);
  }
}

/**
 * The final "yes" refused: the same answer when another request with the same "yes" made the
 * booking; a restriction set or a room sold in the meantime said, and the dates or the sold-out
 * choice asked again; any other refusal said, the guest asked to confirm or change.
 */
async function afterRefusedBooking(c: Conversation, data: BookingDraft, err: unknown): Promise<Turn> {
  const lang = c.lang;
  const fresh = await loadBookingSession(c.db, c.key);
  if (fresh?.currentStep === 'done') {
    // Another request with the same "yes" made the booking: the same answer.
    const reference = (await assistantBookings.latestChatBookingReference(c.db, c.key)) ?? '';
    return {
      reply: assistantText(lang, 'booked', {
        reference: isolateLtr(formatBookingReference(reference)),
      }),
      state: stateOf(fresh, c, reference || null),
    };
  }
  if (err instanceof ApiError) {
    const fields = err.fields ? Object.values(err.fields).map((code) => translate(code, lang)) : [];
    const text = [translate(err.code, lang), ...fields].join('\n');
    if (isRestriction(err)) {
      // A restriction set in the meantime: said in the guest's language, the dates asked again.
      const again = { ...data };
      const refusal = refuseDates(err, again, lang);
      const next = nextStep(again);
      await save(c, fresh, next, again);
      return {
        reply: [refusal, await askNext(c, next, again)].join('\n'),
        state: stateOf({ currentStep: next, bookingData: again }, c),
      };
    }
    if (
      err.code === 'no_rooms_available' ||
      err.code === 'no_beds_available' ||
      err.code === 'no_smoking_available'
    ) {
      // Sold in the meantime: the sold-out choice is asked again, with what is free instead.
      const again = { ...data };
      const problems = await checkAvailability(c, again);
      const next = nextStep(again);
      await save(c, fresh, next, again);
      return {
        reply: [text, ...problems, next === 'confirm' ? '' : await askNext(c, next, again)]
          .filter(Boolean)
          .join('\n'),
        state: stateOf({ currentStep: next, bookingData: again }, c),
      };
    }
    return {
      reply: `${text}\n${assistantText(lang, 'confirm_or_change')}`,
      state: stateOf(fresh, c),
    };
  }
  throw err;
}
