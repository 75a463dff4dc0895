import { z } from './zod';
import { BOOKING_STATUSES, type BookingStatus } from './constants';
import type { RoomTypeCode } from './room-type-schemas';
import { calendarDate } from './date-schemas';
import { addDays } from './dates';
import { nightsBetween } from './money';

/**
 * The statistics dashboard (admin spec sections 2, 3 and 8): one
 * definition of each figure, used by the worker's aggregate queries
 * (worker/src/modules/statistics/dashboard.ts), the screens and the tests. README "Statistics" says the
 * same in words. Days, months and years are the hotel's (Asia/Muscat, UTC+4 all year: Oman
 * keeps no daylight saving time, so a hotel day is a fixed 24-hour window of UTC).
 */

/** Asia/Muscat is UTC+4 all year; the SQL groups timestamps by `+4 hours`. */
export const HOTEL_UTC_OFFSET_HOURS = 4;

/**
 * Bookings whose nights count as sold: occupancy and room revenue. Pending requests only
 * hold rooms; cancelled ones never happened.
 */
export const SOLD_STATUSES = [
  'approved',
  'confirmed',
  'completed',
] as const satisfies readonly BookingStatus[];

/** Bookings the dashboard lists as active (first 5, newest first). */
export const ACTIVE_STATUSES = [
  'pending',
  'approved',
  'confirmed',
] as const satisfies readonly BookingStatus[];

/** How many items the spec's lists show. */
export const STATISTICS_LIMITS = {
  activeBookings: 5,
  cancelledBookings: 5,
  mostBookedRooms: 4,
  /** The daily series (bookings, revenue, visits): the last 30 days up to today. */
  pastDays: 30,
  /** Occupancy per night: tonight and the next 29 nights. */
  futureNights: 30,
  /** A chosen range covers at most a year of nights. */
  maxRangeNights: 366,
} as const;

/**
 * Where a booking came from (the `booking_type` it was made with, and whether a member of
 * staff made it): the guest booking form, the guest's quick booking card, the front desk
 * (a quick booking made by a staff account), the assistant, a free night paid in points, or an
 * OTA through the channel manager (`channel`).
 */
export const BOOKING_SOURCES = ['guest_form', 'quick', 'desk', 'assistant', 'points', 'channel'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export function bookingSource(b: {
  bookingType: string | null;
  isPointsBooking: boolean;
  createdByStaffId: number | null;
}): BookingSource {
  if (b.bookingType === 'channel') return 'channel';
  if (b.isPointsBooking || b.bookingType === 'free_night') return 'points';
  if (b.bookingType === 'chat_assistant') return 'assistant';
  if (b.createdByStaffId !== null) return 'desk';
  if (b.bookingType === 'quick_management') return 'quick';
  return 'guest_form';
}

/**
 * Room revenue is recognised per night stayed: each night of a sold booking carries its own price
 * where the booking keeps one per night (rates, decision 061), else the booking's total divided by
 * its nights (bookings made before rates); a free night paid in points carries 0. Baisa, whole.
 * The database's rollups (migration 0057) compute the same figure; `night` is the night's index
 * from the arrival.
 */
export function nightlyRevenue(
  b: {
    totalPrice: number | null;
    isPointsBooking: boolean;
    checkInDate: string;
    checkOutDate: string;
    nightPrices?: readonly number[] | null;
  },
  night = 0,
): number {
  if (b.isPointsBooking || b.totalPrice === null) return 0;
  const nights = nightsBetween(b.checkInDate, b.checkOutDate);
  if (b.nightPrices && b.nightPrices.length === nights) return b.nightPrices[night] ?? 0;
  return Math.floor(b.totalPrice / nights);
}

/** One night's sold room-nights and room revenue (baisa), as the nightly query answers it. */
export type NightFigures = { night: string; roomNights: number; revenue: number };

/** The hotel's KPIs over a run of nights, `from` to `to` inclusive. */
export type PeriodKpis = {
  from: string;
  to: string;
  nights: number;
  /** Rooms in the allotment (room inventory) times the nights. */
  availableRoomNights: number;
  /** Room-nights held by approved, confirmed and completed bookings. */
  soldRoomNights: number;
  /** Room revenue of those nights (baisa). */
  roomRevenue: number;
  /** sold / available, 0..1; null with no rooms in the allotment. */
  occupancy: number | null;
  /** Average daily rate: room revenue / sold room-nights (baisa); null when nothing sold. */
  adr: number | null;
  /** Revenue per available room: room revenue / available room-nights (baisa). */
  revpar: number | null;
};

/** Every night from `from` to `to`, both included. */
export function nightsOf(from: string, to: string): string[] {
  const nights: string[] = [];
  for (let night = from; night <= to; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/** Occupancy, ADR and RevPAR of a period from the nightly figures and the allotment. */
export function periodKpis(
  byNight: ReadonlyMap<string, NightFigures>,
  from: string,
  to: string,
  roomsInAllotment: number,
): PeriodKpis {
  let soldRoomNights = 0;
  let roomRevenue = 0;
  for (const night of nightsOf(from, to)) {
    const figures = byNight.get(night);
    soldRoomNights += figures?.roomNights ?? 0;
    roomRevenue += figures?.revenue ?? 0;
  }
  return kpisOf({ soldRoomNights, roomRevenue }, from, to, roomsInAllotment);
}

/** Occupancy, ADR and RevPAR of a period from its sold room-nights and room revenue. */
export function kpisOf(
  { soldRoomNights, roomRevenue }: { soldRoomNights: number; roomRevenue: number },
  from: string,
  to: string,
  roomsInAllotment: number,
  /** Room-nights of the period spent out of order: not for sale, so not available. */
  outOfOrderRoomNights = 0,
): PeriodKpis {
  const nights = nightsBetween(from, to) + 1;
  const availableRoomNights = Math.max(0, roomsInAllotment * nights - outOfOrderRoomNights);
  return {
    from,
    to,
    nights,
    availableRoomNights,
    soldRoomNights,
    roomRevenue,
    occupancy: availableRoomNights > 0 ? soldRoomNights / availableRoomNights : null,
    adr: soldRoomNights > 0 ? Math.round(roomRevenue / soldRoomNights) : null,
    revpar: availableRoomNights > 0 ? Math.round(roomRevenue / availableRoomNights) : null,
  };
}

/** The first and last day of the month and the year of a hotel day. */
export function monthOf(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

export function yearOf(day: string) {
  return { from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
}

/** The UTC instant (ms) a hotel day starts. */
export function hotelDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - HOTEL_UTC_OFFSET_HOURS * 3_600_000;
}

/**
 * The chosen range (`?from=&to=`, both nights included): real calendar dates, `to` not
 * before `from`, at most a year. Without them, the last 30 days up to today.
 */
export const statisticsRangeSchema = z
  .object({ from: calendarDate().optional(), to: calendarDate().optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'from_and_to_together',
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'range_end_before_start', path: ['to'] })
  .refine((q) => !q.from || !q.to || nightsBetween(q.from, q.to) < STATISTICS_LIMITS.maxRangeNights, {
    message: 'range_too_long',
    path: ['to'],
  });

/** The statistics gate: the password, not empty (spec section 5), at most a sane length. */
export const statisticsAccessSchema = z.object({
  password: z
    .string({ error: 'stats_password_required' })
    .min(1, 'stats_password_required')
    .max(200, 'stats_password_wrong'),
});

/** How long the gate's step-up lasts (short-lived), bound to the session. */
export const STATS_STEP_UP_MS = 30 * 60_000;

export type StatusCount = { status: BookingStatus; count: number };
/** A room type (any of the hotel's, by code) and its bookings; names come from GET /api/room-types. */
export type RoomCount = { roomType: RoomTypeCode; count: number };

/** Every status with its count (0 when none), in the spec's order. */
export function statusCounts(rows: readonly { status: string; count: number }[]): StatusCount[] {
  return BOOKING_STATUSES.map((status) => ({
    status,
    count: rows.find((r) => r.status === status)?.count ?? 0,
  }));
}
