import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { QUICK_BOOKING_TYPE, STANDARD_BOOKING_TYPE, type BookingRequest } from '@shared/booking-schemas';
import type { BookingStatus, Language } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import type { OfferNightPrices } from '@shared/money';
import { priceStay, pricedFromRows, pricingQueries, type PricedStay } from '../rates';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';
import { rowExists } from '../../platform/atomic';
import { hasRole } from '../../platform/roles';
import { checkNumberedRoom } from '../inventory';
import { numberedRoomStatements } from './numbered-rooms';
import { ApiError, type ErrorBody } from '../../platform/api-error';
import {
  claimKey,
  createOnce,
  storeAnswerWithId,
  storedAnswerQuery,
  storeRefusal,
  type Idempotency,
  type StoredAnswer,
} from '../../platform/idempotency';
import { translate } from '../../platform/messages';
import { NO_ONLINE_CHECK_IN } from './online-check-in';
import { bookingAlternatives } from './booking-alternatives';
import { statusNoticeStatements } from './booking-status';
import { bookingIdOf, requestedStay, insertBooking } from './insert-booking';
import { defaultSegment, resolveTrade, type ResolvedTrade } from './booking-trade';
import { guestView, listedBooking, type ListedBooking } from './listed-booking';
import { bookingChatSession, latestChatBookingReference } from './booking-reads';

/**
 * A booking request as `POST /api/booking-submissions` and the assistant make it
 * (the same code, holds and caps): dates and room checked, the server's
 * price, the holds taken in the booking's batch. A desk booking is a quick booking
 * made by staff for a guest at the desk: it carries the guest's e-mail and is not
 * capped. Anyone else's booking belongs to the session's account (or none),
 * whatever e-mail the body names.
 */
export async function createBookingRequest(
  db: Db,
  input: BookingRequest,
  who: BookingRequester,
  via: {
    assistantSessionId?: string;
    bookingType?: string;
    /** Statements that must run first in the booking's batch (the assistant's claim). */
    before?: BatchItem<'sqlite'>[];
    /** Today's offer prices when the caller has read them already (the assistant, per message). */
    offers?: OfferNightPrices;
    /** The language the guest is using: the booking's e-mails are written in it. */
    lang?: Language;
  } = {},
): Promise<BookingSubmission> {
  const trade = await tradeOf(db, input, who, via);
  const price = await priceStay(db, pricedStayOf(input), { ...pricingFor(who, trade), offers: via.offers });
  const values = bookingValues(input, who, price, via, trade);
  if (input.roomId) await checkNumberedRoom(db, input.roomId, input.roomType);
  return insertBooking(db, (reference) => ({
    values,
    alongside: [
      ...numberedRoom(db, input, reference),
      ...deskApproval(db, { ...values, reference }, who.session),
    ],
    before: via.before,
  }));
}

/** A numbered room the guest chose: its nights and the booking's room, in the batch. */
function numberedRoom(db: Db, input: BookingRequest, reference: string): BatchItem<'sqlite'>[] {
  if (!input.roomId) return [];
  return numberedRoomStatements(db, bookingIdOf(reference), reference, { ...input, roomId: input.roomId });
}

/**
 * A walk-in the desk books approved gets what an approval brings (modules/bookings/booking-status.ts
 * `changeBookingStatus`): its audit line and the guest's notice, in the booking's batch. Its
 * nights are held as a pending request's are; an approval moves no points.
 */
function deskApproval(
  db: Db,
  values: ReturnType<typeof bookingValues> & { reference: string },
  staff: SessionUser | null,
): BatchItem<'sqlite'>[] {
  if (values.status !== 'approved' || values.createdByStaffId === null || !staff) return [];
  return statusNoticeStatements(
    db,
    { ...values, id: bookingIdOf(values.reference) },
    { from: null, to: 'approved' },
    staff,
    rowExists(bookingSubmissions, sql`${bookingSubmissions.reference} = ${values.reference}`),
  );
}

/**
 * Who asks for a booking: the signed-in account (or none), the hash of the client address, and
 * the device that sent it (`X-Device-Id`, platform/device-id.ts), whose push subscription hears of it.
 */
export type BookingRequester = {
  session: SessionUser | null;
  clientHash: string;
  deviceId?: string | null;
  /** The guest books from the installed app (its request says so): the booking's source is `app`. */
  app?: boolean;
};

/** A quick booking staff make at the desk (not the assistant's, not a guest's). */
const isDesk = (input: BookingRequest, who: BookingRequester, via: { assistantSessionId?: string } = {}) =>
  via.assistantSessionId === undefined &&
  input.bookingType === QUICK_BOOKING_TYPE &&
  who.session !== null &&
  hasRole(who.session, 'staff');

/**
 * The company and travel agent a desk booking names, checked (400 for an account that is not
 * one of that kind); a guest's or the assistant's booking names none, whatever its body says.
 */
async function tradeOf(
  db: Db,
  input: BookingRequest,
  who: BookingRequester,
  via: { assistantSessionId?: string } = {},
): Promise<ResolvedTrade | null> {
  if (!isDesk(input, who, via)) return null;
  if (input.companyId == null && input.travelAgentId == null) return null;
  return resolveTrade(db, input);
}

/**
 * The stay a request asks to be priced (its plan, `standard` unless it names one; its adults and
 * children, checked against the room type's limits before anything is written).
 */
const pricedStayOf = (input: BookingRequest) => ({
  roomType: input.roomType,
  ratePlan: input.ratePlan,
  checkInDate: input.checkInDate,
  checkOutDate: input.checkOutDate,
  numberOfGuests: input.numberOfGuests,
  adults: input.adults,
  children: input.children,
});

/**
 * Staff's bookings are priced as a guest's but not refused by restrictions (a minimum stay binds
 * what guests book themselves; the desk sells what the hotel decides), and may use a retired plan.
 */
const pricingFor = (who: BookingRequester, trade: ResolvedTrade | null = null) => {
  const staff = who.session !== null && hasRole(who.session, 'staff');
  // A private plan sells only to a booking of a company that has it (modules/rates).
  return { restricted: !staff, staff, companyPlans: trade?.companyPlans ?? [] };
};

/** The row a booking request becomes (checks first: dates, room number). */
function bookingValues(
  input: BookingRequest,
  who: BookingRequester,
  price: PricedStay,
  via: { assistantSessionId?: string; bookingType?: string; lang?: Language } = {},
  trade: ResolvedTrade | null = null,
) {
  if (input.checkInDate < hotelToday())
    throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
  // A room number of the guest room list: no higher than the rooms it lists of the type.
  if (input.roomNumber && input.roomNumber > (price.type.listedRooms ?? 0)) {
    throw new ApiError(400, 'validation_failed', { roomNumber: 'room_number_invalid' });
  }
  const assistant = via.assistantSessionId !== undefined;
  const quick = !assistant && input.bookingType === QUICK_BOOKING_TYPE;
  const desk = quick && who.session !== null && hasRole(who.session, 'staff');
  const account = who.session && !desk ? who.session : null;
  return {
    userId: account?.id ?? null,
    userEmail: desk ? (input.email ?? null) : (account?.email ?? null),
    createdByStaffId: desk ? who.session!.id : null,
    clientHash: desk ? null : who.clientHash,
    deviceId: desk ? null : (who.deviceId ?? null),
    ...requestedStay(input),
    numberOfGuests: price.numberOfGuests,
    adults: price.adults,
    children: price.children,
    // The server's price on the plan (modules/rates `priceStay`, the quote's, with today's offer
    // for the room, decision 014), night by night; whatever total the client sent is ignored.
    totalPrice: price.totalPriceBaisa,
    ratePlan: price.ratePlan,
    nightPrices: price.nights.map((n) => n.priceBaisa),
    cancellationRule: price.cancellation,
    // What the plan asks to be paid before arrival, kept with the booking (decision 071).
    depositRule: price.plan.deposit,
    status: desk ? (input.deskStatus ?? 'approved') : ('pending' as BookingStatus),
    isPointsBooking: false,
    pointsUsed: 0,
    bookingType: via.bookingType ?? (quick ? QUICK_BOOKING_TYPE : STANDARD_BOOKING_TYPE),
    paymentMethod: 'cash' as const,
    extras: quick ? 'no extras' : null,
    chatSessionId: via.assistantSessionId ?? null,
    // Where its e-mails go without an account, and their language (modules/messaging/email-outbox.ts).
    email: input.email ?? null,
    lang: via.lang ?? 'ar',
    // The trade (booking-trade.ts): staff name the company, agent, source and segment; the
    // guest's own channels set the source themselves.
    companyId: trade?.companyId ?? null,
    travelAgentId: trade?.travelAgentId ?? null,
    source: desk ? (input.source ?? 'phone') : assistant ? 'assistant' : who.app ? 'app' : 'website',
    segment: desk ? (input.segment ?? defaultSegment({ companyId: trade?.companyId })) : 'leisure',
  };
}

const STOCK_REFUSALS = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available']);

export type CreateBookingAnswer = { message: string; booking: ListedBooking };

export type CreateBookingOutcome =
  | { status: 201; body: CreateBookingAnswer; replayed: boolean }
  | { status: 409; body: ErrorBody; replayed: boolean };

/**
 * POST /api/booking-submissions with an optional `Idempotency-Key` (the offline
 * outbox sends one per submission, online try and retries alike; decision 007,
 * booking addendum). The key, the booking, its holds and the stored answer are one
 * batch, so a retry after a lost answer replays it and never books twice; two
 * requests with the same key at once make one booking. A refusal for want of rooms
 * carries `alternatives` and is stored as the key's answer too, so a retry hears the
 * same refusal rather than booking hours later behind the guest's back.
 */
export async function createBookingOnce(
  db: Db,
  input: BookingRequest,
  who: BookingRequester,
  options: { idem: Idempotency | null; language: 'ar' | 'en'; holdMs: number; requestId?: string },
): Promise<CreateBookingOutcome> {
  const { idem, language, holdMs } = options;
  // The answer shows the ID number whole to the desk, its last digits to a guest.
  const view = who.session && hasRole(who.session, 'staff') ? (listed: ListedBooking) => listed : guestView;
  const stay = pricedStayOf(input);
  const trade = await tradeOf(db, input, who);
  let pricing: Parameters<typeof pricedFromRows>[1] | undefined;
  let storedRow;
  if (idem) {
    // The stored answer and the stay's prices in one round trip.
    const [stored, ...rows] = await db.batch([storedAnswerQuery(db, idem), ...pricingQueries(db, stay)]);
    storedRow = stored[0];
    pricing = rows;
  }
  try {
    const outcome = await createOnce(db, idem, storedRow, async () => {
      pricing ??= await db.batch(pricingQueries(db, stay));
      const price = pricedFromRows(stay, pricing, pricingFor(who, trade));
      const values = {
        ...bookingValues(input, who, price, { lang: language }, trade),
        createdAt: new Date(),
      };
      if (input.roomId) await checkNumberedRoom(db, input.roomId, input.roomType);
      let body: CreateBookingAnswer | undefined;
      const created = await insertBooking(db, (reference) => {
        body = {
          message: translate('booking_created', language),
          booking: view(
            listedBooking(
              {
                id: 0,
                statusReason: null,
                changeToken: null,
                pendingSince: null,
                profileId: null,
                closedFrom: null,
                folioBalanceBaisa: 0,
                updatedAt: values.createdAt,
                reference,
                ...NO_ONLINE_CHECK_IN,
                // Not yet at the desk: no room, not checked in or out.
                roomId: null,
                checkedInAt: null,
                checkedInBy: null,
                checkedOutAt: null,
                checkedOutBy: null,
                departureTime: null,
                // No desk notes nor a price set by hand yet.
                notes: null,
                priceOverrideBaisa: null,
                priceOverrideReason: null,
                // The hotel's own booking: no channel manager brought it (its source is in values).
                channelReference: null,
                groupId: null,
                channelBookingId: null,
                paymentCollect: null,
                commissionBaisa: null,
                channelFlag: null,
                channelRoomId: null,
                ...values,
              },
              holdMs,
            ),
          ),
        };
        return {
          values,
          alongside: [
            ...numberedRoom(db, input, reference),
            ...deskApproval(db, { ...values, reference }, who.session),
            ...(idem ? [storeAnswerWithId(db, idem, body, '$.booking.id', bookingIdOf(reference))] : []),
          ],
          before: idem ? [claimKey(db, idem)] : [],
        };
      });
      return { ...body!, booking: view(listedBooking(created, holdMs)) };
    });
    return outcome.replayed
      ? replayedOutcome(outcome.stored)
      : { status: 201, body: outcome.body, replayed: false };
  } catch (err) {
    if (!(err instanceof ApiError) || !STOCK_REFUSALS.has(err.code)) throw err;
    const refusal: ErrorBody = {
      error: {
        code: err.code,
        message: translate(err.code, language),
        ...(options.requestId && { requestId: options.requestId }),
        alternatives: await bookingAlternatives(db, input),
      },
    };
    if (!idem) return { status: 409, body: refusal, replayed: false };
    const { stored, replayed } = await storeRefusal(db, idem, 409, refusal);
    return replayed ? replayedOutcome(stored) : { status: 409, body: refusal, replayed: false };
  }
}

function replayedOutcome(stored: StoredAnswer): CreateBookingOutcome {
  return stored.status === 409
    ? { status: 409, body: stored.body as ErrorBody, replayed: true }
    : { status: 201, body: stored.body as CreateBookingAnswer, replayed: true };
}

/**
 * What modules/assistant asks of bookings to book by chat, as one object (bookings' door's one
 * name): a new request made as the booking form makes it (`createBookingRequest`), the chat's own
 * latest booking (`latestChatBookingReference`) and the booking a chat session belongs to
 * (`bookingChatSession`).
 *
 * @example const booking = await assistantBookings.createBookingRequest(db, request, who, { assistantSessionId });
 */
export const assistantBookings = {
  createBookingRequest,
  latestChatBookingReference,
  bookingChatSession,
} as const;
