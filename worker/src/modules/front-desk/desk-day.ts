import type { BookingStatus, RoomStatus } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import { storedGuests } from '@shared/guest-counts';
import { type BookingSubmission, deskStays } from '../bookings';
import type { ExtraKind } from '@shared/extras';
import type { Db } from '../../platform/env';
import { stayExtras } from '../extras';
import {
  expectedBalance,
  nightsToCome,
  type TaxSettings,
  masterGroupIdSql,
  postedNightsJsonSql,
  readTaxSettings,
} from '../folio';

/**
 * The desk's day: its arrivals, departures and stays in house, and the OTA bookings still to place
 * (docs/decisions/085-the-desk-s-day.md). The days are the hotel's (Asia/Muscat).
 */

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];

/** An extra bought for a stay, as the desk's lists show it (modules/extras `stayExtras.jsonSql`). */
export type DeskExtra = {
  id: number;
  kind: ExtraKind;
  status: 'requested' | 'confirmed';
  nameAr: string;
  nameEn: string;
  time: string | null;
  toRoomType: string | null;
  fromRoomType: string | null;
  flightNumber: string | null;
  quantity: number;
  totalBaisa: number;
  serviceDate: string;
};

type DeskRow = {
  booking: BookingSubmission;
  room: { id: number | null; number: string | null; status: string | null } | null;
  guest: { profileId: number | null; vip: number | null; doNotRent: number | null; stays: number };
  /** The nights already on the folio (a JSON array). */
  postedNights: string | null;
  masterGroupId: number | null;
  /** A group member's block, by name. */
  groupName: string | null;
  /** Its nights held in the allotment. */
  heldNights: number;
  /** The extras bought for it (a JSON array, modules/extras). */
  extras: string | null;
};

/** A booking as the desk lists it. */
function deskBooking(
  { booking: b, room, guest, postedNights, masterGroupId, groupName, heldNights, extras }: DeskRow,
  checkOutTime: string,
  settings: TaxSettings,
  today: string,
) {
  const toCome = nightsToCome(b, postedNights, settings, today, masterGroupId !== null);
  return {
    id: b.id,
    reference: b.reference,
    ...deskStays.channelOf(b),
    /** A group member's block, by name (its card names the group, not "group" twice). */
    groupName,
    fullName: b.fullName,
    phoneNumber: b.phoneNumber,
    roomType: b.roomType,
    status: b.status,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    nights: nightsBetween(b.checkInDate, b.checkOutDate),
    totalPrice: b.totalPrice,
    /** The price of each night from the arrival (null: a booking made before rates, or points). */
    nightPrices: b.nightPrices,
    /** For a stay checked out early: the departure it was booked until (a manager may undo it). */
    bookedCheckOutDate: b.status === 'completed' ? (b.closedFrom?.checkOutDate ?? null) : null,
    // Its guests, adults and children (numberOfGuests, adults, children; before them: all adults).
    ...storedGuests(b),
    room: room?.id != null ? { id: room.id, number: room.number!, status: room.status as RoomStatus } : null,
    checkedInAt: b.checkedInAt,
    checkedOutAt: b.checkedOutAt,
    onlineCheckIn: b.checkedInOnlineAt !== null,
    /** The guest's profile: earlier stays (checked in), VIP, do not rent. */
    guest:
      guest?.profileId != null
        ? {
            profileId: guest.profileId,
            previousStays: Number(guest.stays),
            vip: Boolean(guest.vip),
            doNotRent: Boolean(guest.doNotRent),
          }
        : null,
    departureTime: b.departureTime ?? checkOutTime,
    notes: b.notes,
    priceOverrideBaisa: b.priceOverrideBaisa,
    priceOverrideReason: b.priceOverrideReason,
    /** The folio's balance (charges less payments), in baisa: what the guest owes now. */
    balanceBaisa: b.folioBalanceBaisa,
    /** The stay's room nights not on the folio yet, at their amounts (posted by the day close or the check-out). */
    nightsToCome: toCome,
    /** The balance with those nights charged: what the stay is expected to end on. */
    expectedBalanceBaisa: expectedBalance(b.folioBalanceBaisa, toCome),
    /** A non-refundable rate: nights left unused by an early departure are kept, not refunded. */
    nonRefundable: b.cancellationRule?.kind === 'non_refundable',
    /** Its nights held in the allotment (an OTA booking kept unplaced holds none until placed). */
    heldNights: Number(heldNights),
    /** The extras bought for it, requested or confirmed (an upgrade's new type, an early check-in's hour). */
    extras: JSON.parse(extras ?? '[]') as DeskExtra[],
  };
}
export type DeskBooking = ReturnType<typeof deskBooking>;

type Listed = {
  booking: Pick<
    BookingSubmission,
    'id' | 'status' | 'checkInDate' | 'checkOutDate' | 'checkedInAt' | 'checkedOutAt'
  >;
};

/**
 * The desk's three lists of a date from what was read (`deskLists`), each as its name says
 * (docs/decisions/085-the-desk-s-day.md):
 *
 * - arrivals: the stays due to arrive that day, booked (approved or confirmed) and still to come
 *   or arrived already, and those that arrived and left again that day; a stay checked in stays
 *   an arrival of its day (its check-in and then its check-out do not make the count drop); today,
 *   first, the late arrivals: due on an earlier day, still booked (no no-show marked, or
 *   reinstated) and not arrived, with a night still to come;
 * - departures: the stays due to leave that day (today: checked in; another day: as booked), those
 *   still in house past their departure (today), and those checked out that day, whatever day
 *   they were booked to leave (a guest leaving on their first day, or early);
 * - in house: today, the guests checked in and not checked out; another day, the stays that
 *   sleep there that night (as booked ahead, as they were before).
 *
 * A stay due to arrive or leave that never checked in is not a departure: it is a no-show of its
 * arrival day.
 */
export function deskLists<T extends Listed>(
  date: string,
  today: string,
  read: { arriving: T[]; late: T[]; dueOut: T[]; inHouse: T[]; leftThatDay: T[] },
) {
  const active = (r: T) => ACTIVE.includes(r.booking.status);
  const arrived = (r: T) => r.booking.checkedInAt !== null;
  const arrivals = [
    ...(date === today ? read.late : []),
    ...read.arriving.filter((r) => active(r) || (r.booking.status === 'completed' && arrived(r))),
  ];
  const seen = new Set<number>();
  const departures = [
    ...read.dueOut.filter(
      (r) => r.booking.status === 'completed' || (active(r) && (arrived(r) || date > today)),
    ),
    // Still in house past their departure day (today only).
    ...(date === today ? read.inHouse.filter((r) => r.booking.checkOutDate < date) : []),
    ...read.leftThatDay,
  ].filter((r) => !seen.has(r.booking.id) && seen.add(r.booking.id));
  return { arrivals, departures, inHouse: read.inHouse };
}

/**
 * The desk's day `date` (docs/decisions/085-the-desk-s-day.md): its arrivals, departures and stays
 * in house (deskLists says which stay is in which), and the OTA bookings still to place by hand
 * (flagged by the channel manager, open, whatever their dates). One batch of the bookings module's
 * reads (`deskStays.deskDayReads`), each along an
 * index whose rows do not grow with history: the day's arrivals along the check-in index, its
 * departures along the check-out index, the guests in house now along the in-house index (at most
 * the hotel's rooms; another day: the stays of that night along the check-in index, a stay being
 * at most MAX_STAY_NIGHTS long), the check-outs of that day along the check-out time's index, the
 * late arrivals along the index of the stays booked and not arrived (today only), and the flagged
 * bookings along theirs.
 */
export async function frontDeskDay(db: Db, date: string, checkOutTime: string, now = new Date()) {
  const today = hotelToday(now);
  const [[arriving, late, dueOut, inHouse, leftThatDay, flagged], settings] = await Promise.all([
    db.batch(
      deskStays.deskDayReads(db, date, today, {
        postedNights: postedNightsJsonSql,
        masterGroupId: masterGroupIdSql,
        extras: stayExtras.jsonSql,
      }),
    ),
    readTaxSettings(db),
  ]);
  const list = (rows: DeskRow[]) => rows.map((row) => deskBooking(row, checkOutTime, settings, today));
  const lists = deskLists(date, today, {
    arriving: arriving as DeskRow[],
    late: late as DeskRow[],
    dueOut: dueOut as DeskRow[],
    inHouse: inHouse as DeskRow[],
    leftThatDay: leftThatDay as DeskRow[],
  });
  return {
    date,
    arrivals: list(lists.arrivals),
    departures: list(lists.departures),
    inHouse: list(lists.inHouse),
    /** The OTA bookings the hotel has not placed yet (flagged: why in `channelFlag`), oldest arrival first. */
    flagged: list(flagged as DeskRow[]),
  };
}
export type FrontDeskDay = Awaited<ReturnType<typeof frontDeskDay>>;
