import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import {
  EXTRA_KINDS,
  EXTRA_UNIT,
  HOLDING_PURCHASE_STATUSES,
  extraPrice,
  isOncePerStay,
  type ExtraChannel,
  type StayExtraOffer,
} from '@shared/extras';
import { storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import type { Db } from '../../platform/env';
import { translate, type Language } from '../../platform/messages';
import { extrasStays, type BookingSubmission } from '../bookings';
import { roomTypesQuery } from '../catalog';
import { bedAvailability, roomAvailability, smokingAvailability } from '../inventory';
import { onSaleSql, publicExtraPhoto } from './extras-admin';
import { extraOffersShown, extraPurchases, extras, type Extra } from './tables';

/**
 * What a stay may buy (GET /api/booking-submissions/:id/extras, docs/decisions/098-stay-extras.md):
 * the hotel's offers on sale that its plan and room type may buy (an upgrade: from its type), each
 * with its price for this stay and whether it can be had now: the stay still before its arrival,
 * an upgrade's better type free on every night (its rooms, and its beds and smoking rooms of the
 * stay's kind) and fitting its guests, an early check-in's or late check-out's day under its cap,
 * a once-only extra not bought yet. The offers the stay could have are recorded as shown, once per
 * channel (the report's offers made).
 */

/** The day an extra is for: the departure for a late check-out, else the arrival. */
export const serviceDateOf = (
  extra: Pick<Extra, 'kind'>,
  booking: Pick<BookingSubmission, 'checkInDate' | 'checkOutDate'>,
) => (extra.kind === 'late_check_out' ? booking.checkOutDate : booking.checkInDate);

/** Whether the stay's plan and room type may buy `extra` at all (an upgrade: from the stay's type). */
export function offeredTo(extra: Extra, booking: Pick<BookingSubmission, 'ratePlan' | 'roomType'>): boolean {
  if (extra.ratePlans.length > 0 && !extra.ratePlans.includes(booking.ratePlan)) return false;
  if (extra.kind === 'upgrade') return extra.fromRoomType === booking.roomType;
  return extra.roomTypes.length === 0 || extra.roomTypes.includes(booking.roomType);
}

/** The stay's holding purchases (requested or confirmed), along the booking's index: a query for a batch. */
export function holdingPurchasesQuery(db: Db, bookingId: number) {
  return db
    .select({ extraId: extraPurchases.extraId, kind: extraPurchases.kind })
    .from(extraPurchases)
    .where(
      and(eq(extraPurchases.bookingId, bookingId), inArray(extraPurchases.status, HOLDING_PURCHASE_STATUSES)),
    );
}

/**
 * Each capped offer's places taken on the stay's day (its arrival, or departure for a late
 * check-out), along the cap index: one row per capped offer.
 */
function capsTakenQuery(db: Db, booking: Pick<BookingSubmission, 'checkInDate' | 'checkOutDate'>) {
  return db
    .select({
      extraId: extras.id,
      cap: extras.dailyCap,
      taken: sql<number>`(select count(*) from ${extraPurchases} p where p.extra_id = ${extras.id}
        and p.service_date = case ${extras.kind} when 'late_check_out' then ${booking.checkOutDate} else ${booking.checkInDate} end
        and p.status in ('requested', 'confirmed'))`,
    })
    .from(extras)
    .where(and(onSaleSql, sql`${extras.dailyCap} is not null`));
}

/** Whether the better type `toRoomType` is free on every night of the stay for its bed and smoking kind. */
async function upgradeRoomsFree(db: Db, booking: BookingSubmission) {
  const window = { from: booking.checkInDate, to: booking.checkOutDate };
  const [rooms, beds, smoking] = await Promise.all([
    roomAvailability(db, window, { activeOnly: true }),
    booking.bedType ? bedAvailability(db, window, { activeOnly: true }) : Promise.resolve([]),
    booking.smokingPreference ? smokingAvailability(db, window, { activeOnly: true }) : Promise.resolve([]),
  ]);
  return (type: string) => {
    const room = rooms.find((r) => r.roomType === type);
    if (!room || room.availableCount < 1) return false;
    if (booking.bedType) {
      const bed = beds.find((b) => b.roomType === type && b.bedType === booking.bedType);
      if (!bed || bed.availableCount < 1) return false;
    }
    if (booking.smokingPreference) {
      const s = smoking.find((r) => r.roomType === type && r.smokingType === booking.smokingPreference);
      if (!s || s.availableCount < 1) return false;
    }
    return true;
  };
}

/**
 * The offers of `booking`'s stay as its page shows them, recorded as shown on `channel` (`record`),
 * read in one round trip (plus the availability of the better types when an upgrade is offered).
 *
 * @example const { extras } = await stayOffers(db, booking, { channel: 'app', record: true });
 */
export async function stayOffers(
  db: Db,
  booking: BookingSubmission,
  {
    channel,
    record,
    language = 'ar',
    now = new Date(),
  }: { channel: ExtraChannel; record: boolean; language?: Language; now?: Date },
): Promise<{ extras: StayExtraOffer[] }> {
  const today = hotelToday(now);
  const [rows, holding, caps, types] = await db.batch([
    db.select().from(extras).where(onSaleSql).orderBy(asc(extras.id)),
    holdingPurchasesQuery(db, booking.id),
    capsTakenQuery(db, booking),
    roomTypesQuery(db),
  ]);
  // The upgrade first, then the hours, breakfast, the transfer and the rest (each kind in the order made).
  const offered = rows
    .filter((e) => offeredTo(e, booking))
    .sort((a, b) => EXTRA_KINDS.indexOf(a.kind) - EXTRA_KINDS.indexOf(b.kind) || a.id - b.id);
  const open = extrasStays.openBeforeArrival(booking, today);
  const freeFor =
    open && offered.some((e) => e.kind === 'upgrade') ? await upgradeRoomsFree(db, booking) : () => false;
  const guests = storedGuests(booking);
  const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));
  const bought = new Set(holding.map((h) => h.extraId));
  const capOf = new Map(caps.map((c) => [c.extraId, c]));
  const typeOf = new Map(types.map((t) => [t.roomType, t]));

  const reasonFor = (e: Extra): string | undefined => {
    if (!open) return 'extras_closed';
    if (isOncePerStay(e.kind) && bought.has(e.id)) return 'extra_already_bought';
    if (e.kind === 'upgrade') {
      const type = typeOf.get(e.toRoomType!);
      if (!type || !type.available) return 'extra_not_offered';
      if (
        guests.numberOfGuests > type.maxGuests ||
        guests.adults > type.maxAdults ||
        guests.children > type.maxChildren
      )
        return 'over_occupancy';
      if (!freeFor(e.toRoomType!)) return 'extra_upgrade_sold_out';
    }
    const cap = capOf.get(e.id);
    if (cap?.cap != null && Number(cap.taken) >= cap.cap) return 'extra_cap_reached';
    return undefined;
  };

  const list: StayExtraOffer[] = offered.map((e) => {
    const price = extraPrice(e, { nights, guests: guests.numberOfGuests }, {});
    const reason = reasonFor(e);
    return {
      id: e.id,
      kind: e.kind,
      nameAr: e.nameAr,
      nameEn: e.nameEn,
      descriptionAr: e.descriptionAr,
      descriptionEn: e.descriptionEn,
      priceBaisa: e.priceBaisa,
      unit: EXTRA_UNIT[e.kind],
      // A transfer's price before its flight is named: one car.
      totalBaisa: price.ok ? price.totalBaisa : e.priceBaisa,
      tiers: e.tiers,
      instant: e.instant,
      fromRoomType: e.fromRoomType,
      toRoomType: e.toRoomType,
      photo: publicExtraPhoto(e.photo),
      available: reason === undefined,
      ...(reason !== undefined && { reason, reasonMessage: translate(reason, language) }),
    };
  });

  const shown = list.filter((o) => o.available);
  if (record && shown.length > 0) {
    // Four parameters a row, D1 binds 100 a statement: twenty rows a statement, one batch.
    const inserts = [];
    for (let i = 0; i < shown.length; i += 20) {
      inserts.push(
        db
          .insert(extraOffersShown)
          .values(
            shown
              .slice(i, i + 20)
              .map((o) => ({ bookingId: booking.id, extraId: o.id, channel, shownDate: today })),
          )
          .onConflictDoNothing(),
      );
    }
    await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  }
  return { extras: list };
}
