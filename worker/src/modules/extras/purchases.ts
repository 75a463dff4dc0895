import type { ExecutionContext as WorkContext } from 'hono';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { formatBookingReference } from '@shared/booking-reference';
import type { Language } from '@shared/constants';
import { hotelToday, stayNights } from '@shared/dates';
import {
  extraPrice,
  isOncePerStay,
  type ExtraChannel,
  type ExtraPurchaseInput,
  type ExtraPurchaseStatus,
  type ExtraPurchaseView,
} from '@shared/extras';
import { storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import { PAYMENT_LIMITS } from '@shared/payments';
import { ApiError } from '../../platform/api-error';
import { insertWhere, newChangeToken } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db, Env } from '../../platform/env';
import { formatDate } from '../../platform/format';
import {
  claimKey,
  createOnce,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';
import { text, translate } from '../../platform/messages';
import { auditLog, idempotencyKeys } from '../../platform/tables';
import { bookingById, extrasStays, type BookingSubmission } from '../bookings';
import { roomTypeQuery } from '../catalog';
import {
  businessDateOf,
  chargeLineValues,
  extraFolio,
  folioRefusal,
  lastClosedDateQuery,
  readTaxSettings,
  type TaxSettings,
} from '../folio';
import { configuredProvider, extrasCheckout } from '../payments';
import { holdingPurchasesQuery, offeredTo, serviceDateOf } from './offers';
import { extraPurchases, extras, type Extra, type ExtraPurchase } from './tables';

/** A line of a purchase's charge, as the folio posts it. */
type ExtraChargeLine = Parameters<typeof extraFolio.chargeStatements>[1]['lines'][number];

/**
 * Buying an extra for a stay, and the desk's answer to a request (docs/decisions/098-stay-extras.md).
 *
 * A purchase is ONE batch: the key claimed; the purchase, only while the stay may still buy (open,
 * not arrived, its arrival today or later) and, for an early check-in or late check-out, under the
 * offer's daily cap (the database's trigger); an instant one's lines on the folio (an upgrade's
 * supplement one a night), a late check-out's hour on the stay, the audit line, the key's answer.
 * An upgrade's batch is the stay's own (modules/bookings `extrasStays.upgrade`): its room type, its
 * nights given back and held in the better type, so of fifty guests racing for the last room of
 * that type one gets it and forty-nine hear 409 `extra_upgrade_sold_out`. A request waits for the
 * desk, holding its place under a cap, and expires unanswered at arrival; approving it posts it,
 * once, whoever else approves it at the same moment.
 */

/** A purchase as its guest and the desk read it. */
export function purchaseView(
  p: ExtraPurchase,
  e: Pick<Extra, 'nameAr' | 'nameEn'>,
  today?: string,
  arrived?: { checkInDate: string; checkedInAt: Date | null; status: string },
): ExtraPurchaseView {
  return {
    id: p.id,
    bookingId: p.bookingId,
    extraId: p.extraId,
    kind: p.kind,
    nameAr: e.nameAr,
    nameEn: e.nameEn,
    status: effectiveStatus(p.status, today, arrived),
    channel: p.channel,
    quantity: p.quantity,
    unitPriceBaisa: p.unitPriceBaisa,
    totalBaisa: p.totalBaisa,
    serviceDate: p.serviceDate,
    time: p.serviceTime,
    flightNumber: p.details.flightNumber ?? null,
    note: p.details.note ?? null,
    fromRoomType: p.fromRoomType,
    toRoomType: p.toRoomType,
    payOnline: p.payOnline,
    declineReason: p.declineReason,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

/** A request no longer answerable (the stay arrived, its arrival passed, or it closed) is expired, as the cron will mark it. */
function effectiveStatus(
  status: ExtraPurchaseStatus,
  today: string | undefined,
  stay: { checkInDate: string; checkedInAt: Date | null; status: string } | undefined,
): ExtraPurchaseStatus {
  if (status !== 'requested' || !today || !stay) return status;
  const open = ['pending', 'approved', 'confirmed'].includes(stay.status);
  return !open || stay.checkedInAt !== null || stay.checkInDate < today ? 'expired' : status;
}

/** `exists` a purchase carrying `token`: the guard of what follows a purchase in its batch. */
export const carries = (token: string) => sql`exists (select 1 from extra_purchases where token = ${token})`;
const idCarrying = (token: string) => sql`(select id from extra_purchases where token = ${token})`;

/** Both languages of a folio line's description, cut to the folio's 200 characters. */
function bilingual(id: string, values: (language: Language) => Record<string, string>): string {
  return `${text('en', id, values('en'))} · ${text('ar', id, values('ar'))}`.slice(0, 190);
}

/**
 * The folio lines of a purchase, split by the taxes in force on `businessDate`: an upgrade's
 * supplement one line a night of the stay, any other extra one line (its quantity and total).
 */
export function chargeLines(
  extra: Pick<Extra, 'kind' | 'nameAr' | 'nameEn' | 'department'>,
  purchase: Pick<ExtraPurchase, 'quantity' | 'unitPriceBaisa' | 'totalBaisa'>,
  stay: Pick<BookingSubmission, 'checkInDate' | 'checkOutDate'>,
  settings: TaxSettings,
  businessDate: string,
): ExtraChargeLine[] {
  const line = (description: string, quantity: number, price: number): ExtraChargeLine => ({
    department: extra.department,
    description,
    quantity,
    ...chargeLineValues(settings, extra.department, businessDate, price),
  });
  if (extra.kind === 'upgrade') {
    return stayNights(stay.checkInDate, stay.checkOutDate).map((night) =>
      line(
        bilingual('extra.line_night', (l) => ({
          name: l === 'ar' ? extra.nameAr : extra.nameEn,
          night: formatDate(night, l),
        })),
        1,
        purchase.unitPriceBaisa,
      ),
    );
  }
  return [
    line(
      bilingual('extra.line', (l) => ({ name: l === 'ar' ? extra.nameAr : extra.nameEn })),
      Math.min(purchase.quantity, 999),
      purchase.totalBaisa,
    ),
  ];
}

/** The key's answer stored with the purchase (its token), or the key let go when nothing was bought. */
function answerStatements(db: Db, idem: Idempotency, token: string): BatchItem<'sqlite'>[] {
  const keyRow = and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key));
  return [
    db
      .update(idempotencyKeys)
      .set({
        statusCode: 201,
        responseBody: sql`json_object('purchaseToken', ${token})`,
        updatedAt: new Date(),
      })
      .where(and(keyRow, carries(token))),
    db.delete(idempotencyKeys).where(and(keyRow, sql`not ${carries(token)}`)),
  ];
}

/** The database's refusals of a purchase's batch as the API's errors. */
export function purchaseRefusal(err: unknown): ApiError | null {
  let message = '';
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    message += ` ${e instanceof Error ? e.message : String(e)}`;
  }
  if (message.includes('extra_cap_reached')) return new ApiError(409, 'extra_cap_reached');
  if (message.includes('UNIQUE constraint failed: extra_purchases.booking_id, extra_purchases.extra_id'))
    return new ApiError(409, 'extra_already_bought');
  if (message.includes('extra_purchase_transition')) return new ApiError(409, 'extra_request_not_pending');
  return folioRefusal(err);
}

/** 409 `over_occupancy` when the stay's guests do not fit the upgrade's better type (or it is retired: not offered). */
export async function checkUpgradeFits(db: Db, extra: Extra, booking: BookingSubmission) {
  const [type] = await roomTypeQuery(db, extra.toRoomType!);
  if (!type || !type.available) throw new ApiError(409, 'extra_not_offered');
  const guests = storedGuests(booking);
  if (
    guests.numberOfGuests > type.maxGuests ||
    guests.adults > type.maxAdults ||
    guests.children > type.maxChildren
  )
    throw new ApiError(409, 'over_occupancy');
}

/** What a purchase or an approval posts, in its batch, after its row (each guarded by `mine`). */
export function followingStatements(
  db: Db,
  c: {
    extra: Extra;
    purchase: Pick<ExtraPurchase, 'quantity' | 'unitPriceBaisa' | 'totalBaisa' | 'serviceTime'>;
    booking: BookingSubmission;
    token: string;
    settings: TaxSettings;
    businessDate: string;
    actor: SessionUser | null;
    action: string;
    audit: Record<string, unknown>;
    post: boolean;
  },
): BatchItem<'sqlite'>[] {
  const mine = carries(c.token);
  const statements: BatchItem<'sqlite'>[] = [];
  if (c.post) {
    statements.push(
      ...extraFolio.chargeStatements(
        db,
        {
          bookingId: c.booking.id,
          purchaseId: idCarrying(c.token),
          lines: chargeLines(c.extra, c.purchase, c.booking, c.settings, c.businessDate),
          businessDate: c.businessDate,
          createdBy: c.actor?.id ?? null,
        },
        mine,
      ),
    );
    if (c.extra.kind === 'late_check_out' && c.purchase.serviceTime) {
      statements.push(extrasStays.lateDepartureStatement(db, c.booking.id, c.purchase.serviceTime, mine));
    }
  }
  statements.push(
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(c.actor, c.action, 'booking', c.booking.id, null, c.audit),
      },
      mine,
    ),
  );
  return statements;
}

type BuyArgs = {
  env: Env;
  booking: BookingSubmission;
  actor: SessionUser | null;
  /** Staff selling at the desk (the channel is the desk's). */
  staff: boolean;
  input: ExtraPurchaseInput;
  idem: Idempotency | null;
  language: Language;
  now?: Date;
};

type Bought = { message: string; purchase: ExtraPurchaseView };

/** A purchase's row by its token, with its offer's names (a replay reads the first purchase so). */
export async function purchaseByToken(db: Db, token: string) {
  const [row] = await db
    .select({ p: extraPurchases, e: { nameAr: extras.nameAr, nameEn: extras.nameEn } })
    .from(extraPurchases)
    .innerJoin(extras, eq(extras.id, extraPurchases.extraId))
    .where(eq(extraPurchases.token, token));
  return row;
}

const boughtAnswer = (
  row: { p: ExtraPurchase; e: Pick<Extra, 'nameAr' | 'nameEn'> },
  language: Language,
): Bought => ({
  message: translate(row.p.status === 'confirmed' ? 'extra_bought' : 'extra_requested', language),
  purchase: purchaseView(row.p, row.e),
});

/**
 * POST /api/booking-submissions/:id/extras: the stay's guest (or the desk) buys an offer, once per
 * `Idempotency-Key` (a retry, or the same request raced, answers the first purchase again). 201
 * `{ purchase }` (`confirmed`, posted to the folio; or `requested`, waiting for the desk); 404
 * `extra_not_found`; 409 `extras_closed`, `extra_not_offered`, `extra_already_bought`,
 * `extra_upgrade_sold_out`, `over_occupancy`, `extra_cap_reached`, `booking_changed`; 400 for a
 * transfer without its flight or time, or an hour the offer has no tier for.
 *
 * @example const { body } = await buyExtra(db, { env, booking, actor: null, staff: false,
 *   input: { extraId: 3 }, idem, language: 'ar' });
 */
export async function buyExtra(db: Db, args: BuyArgs): Promise<{ body: Bought; replayed: boolean }> {
  const { booking, input, idem, language } = args;
  const now = args.now ?? new Date();
  const today = hotelToday(now);
  const reads = db.batch([
    db.select().from(extras).where(eq(extras.id, input.extraId)),
    holdingPurchasesQuery(db, booking.id),
    lastClosedDateQuery(db),
  ]);
  const [[extraRows, holding, closed], stored, settings] = await Promise.all([
    reads,
    idem ? storedAnswerQuery(db, idem) : Promise.resolve([]),
    readTaxSettings(db),
  ]);
  const outcome: Created<Bought> = await createOnce(db, idem, stored[0], async () => {
    const extra = extraRows[0];
    if (!extra || extra.deletedAt !== null) throw new ApiError(404, 'extra_not_found');
    if (!extra.active || !offeredTo(extra, booking)) throw new ApiError(409, 'extra_not_offered');
    if (!extrasStays.openBeforeArrival(booking, today)) throw new ApiError(409, 'extras_closed');
    if (isOncePerStay(extra.kind) && holding.some((h) => h.extraId === extra.id))
      throw new ApiError(409, 'extra_already_bought');
    if (extra.kind === 'upgrade') await checkUpgradeFits(db, extra, booking);
    const guests = storedGuests(booking).numberOfGuests;
    const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));
    const price = extraPrice(extra, { nights, guests }, input);
    if (!price.ok) {
      const field =
        price.field === 'time' || price.field === 'flightNumber' ? `details.${price.field}` : 'extraId';
      throw new ApiError(400, 'validation_failed', { [field]: price.code } as never);
    }
    const status = extra.instant ? 'confirmed' : 'requested';
    const channel: ExtraChannel = args.staff ? 'desk' : (input.channel ?? 'app');
    const payOnline =
      !args.staff &&
      (booking.depositRule?.kind ?? 'none') !== 'none' &&
      configuredProvider(args.env) !== null &&
      price.totalBaisa >= PAYMENT_LIMITS.minOnlineBaisa;
    const token = newChangeToken();
    const row = {
      bookingId: booking.id,
      extraId: extra.id,
      kind: extra.kind,
      status,
      channel,
      quantity: price.quantity,
      unitPriceBaisa: price.unitPriceBaisa,
      totalBaisa: price.totalBaisa,
      serviceDate: serviceDateOf(extra, booking),
      serviceTime: price.time,
      details: {
        ...(price.time !== null && { time: price.time }),
        ...(input.details?.flightNumber && { flightNumber: input.details.flightNumber }),
        ...(input.details?.note && { note: input.details.note }),
      },
      fromRoomType: extra.kind === 'upgrade' ? booking.roomType : null,
      toRoomType: extra.kind === 'upgrade' ? extra.toRoomType : null,
      payOnline,
      token,
      ...(status === 'confirmed' && args.staff && { decidedBy: args.actor?.id ?? null, decidedAt: now }),
      createdBy: args.actor?.id ?? null,
    } as const;
    const businessDate = businessDateOf(closed, now);
    const statements = (guard: SQL): BatchItem<'sqlite'>[] => [
      ...(idem ? [claimKey(db, idem)] : []),
      insertWhere(
        db,
        extraPurchases,
        row,
        sql`${guard} and ${extrasStays.openBeforeArrivalSql(booking.id, today)}`,
      ),
      ...followingStatements(db, {
        extra,
        purchase: row,
        booking,
        token,
        settings,
        businessDate,
        actor: args.actor,
        action: 'extra.bought',
        audit: { token, extraId: extra.id, kind: extra.kind, status, channel, totalBaisa: price.totalBaisa },
        post: status === 'confirmed',
      }),
      ...(idem ? answerStatements(db, idem, token) : []),
    ];
    try {
      if (extra.kind === 'upgrade' && status === 'confirmed') {
        await extrasStays.upgrade(db, booking, { toRoomType: extra.toRoomType!, now, statements });
      } else {
        await db.batch(statements(sql`1`) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw purchaseRefusal(err) ?? err;
    }
    const made = await purchaseByToken(db, token);
    if (!made) {
      // The stay changed between the read and the batch: say why.
      const [again] = await bookingById(db, booking.id);
      throw again && extrasStays.openBeforeArrival(again, today)
        ? new ApiError(409, 'booking_changed')
        : new ApiError(409, 'extras_closed');
    }
    return boughtAnswer(made, language);
  });
  if (!outcome.replayed) return { body: outcome.body, replayed: false };
  const token = (outcome.stored.body as { purchaseToken?: string }).purchaseToken ?? '';
  const again = await purchaseByToken(db, token);
  if (!again) throw new ApiError(409, 'request_in_progress');
  return { body: boughtAnswer(again, language), replayed: true };
}

/**
 * GET /api/booking-submissions/:id/purchases: the stay's purchases, newest first (a stay's handful,
 * along the booking's index), each with whether it was paid online (its checkout's state).
 */
export async function stayPurchases(db: Db, booking: BookingSubmission, now = new Date()) {
  const rows = await db
    .select({ p: extraPurchases, e: { nameAr: extras.nameAr, nameEn: extras.nameEn } })
    .from(extraPurchases)
    .innerJoin(extras, eq(extras.id, extraPurchases.extraId))
    .where(eq(extraPurchases.bookingId, booking.id))
    .orderBy(desc(extraPurchases.id))
    .limit(100);
  const sessions = rows.map((r) => r.p.paymentSessionId).filter((id): id is number => id !== null);
  const states = await extrasCheckout.states(db, sessions);
  const today = hotelToday(now);
  return {
    purchases: rows.map((r) => ({
      ...purchaseView(r.p, r.e, today, booking),
      paid: r.p.paymentSessionId !== null && states.get(r.p.paymentSessionId) === 'paid',
    })),
  };
}

/**
 * POST /api/booking-submissions/:id/purchases/:purchaseId/payment: a checkout at the provider for a
 * confirmed purchase the guest pays online (its plan takes a deposit); an open one of the same
 * amount is answered again, a paid one refused (409 `extra_already_paid`).
 */
export async function payPurchase(
  env: Env,
  db: Db,
  args: {
    origin: string;
    booking: BookingSubmission;
    purchaseId: number;
    actor: SessionUser | null;
    language: Language;
    ctx?: WorkContext;
  },
) {
  const [row] = await db
    .select({ p: extraPurchases, e: { nameAr: extras.nameAr, nameEn: extras.nameEn } })
    .from(extraPurchases)
    .innerJoin(extras, eq(extras.id, extraPurchases.extraId))
    .where(and(eq(extraPurchases.id, args.purchaseId), eq(extraPurchases.bookingId, args.booking.id)));
  if (!row) throw new ApiError(404, 'extra_purchase_not_found');
  if (row.p.status !== 'confirmed' || !row.p.payOnline) throw new ApiError(409, 'extra_not_payable');
  if (row.p.paymentSessionId !== null) {
    const states = await extrasCheckout.states(db, [row.p.paymentSessionId]);
    if (states.get(row.p.paymentSessionId) === 'paid') throw new ApiError(409, 'extra_already_paid');
  }
  const reference = formatBookingReference(args.booking.reference);
  const opened = await extrasCheckout.open(env, db, {
    origin: args.origin,
    booking: args.booking,
    actor: args.actor,
    language: args.language,
    ctx: args.ctx,
    fixed: {
      amountBaisa: row.p.totalBaisa,
      description: text(args.language, 'payment.description.extra', {
        name: args.language === 'ar' ? row.e.nameAr : row.e.nameEn,
        reference,
      }),
    },
  });
  await db
    .update(extraPurchases)
    .set({ paymentSessionId: opened.sessionId, updatedAt: new Date() })
    .where(eq(extraPurchases.id, row.p.id));
  return opened;
}
