import { isCalendarDate } from '@shared/date-schemas';
import { ChannelProviderError, type ChannelRevision, type ChannelRevisionRoom } from '../channel-adapter';
import { isObject, type Json } from './api';

/**
 * Channex's booking revisions (`{id, type: 'booking_revision', attributes}`) read into the app's
 * words. As Channex documents a Booking Revision (docs.channex.io, "Bookings Collection"): `id`,
 * `property_id`, `booking_id`, `unique_id`, `system_id`, `ota_reservation_code`, `ota_name`,
 * `status` (new, modified, cancelled), `rooms` (a list of Booking Rooms; the page's example room:
 * `amount`, `checkin_date`, `checkout_date`, `rate_plan_id`, `room_type_id`, `ota_unique_id`
 * (Booking.com's room), `occupancy {adults, children, infants}`, `guests`; `days {date: price}`
 * read when present), `services`,
 * `guarantee`, `customer`, `occupancy`, `arrival_date`, `departure_date`, `arrival_hour`,
 * `amount`, `currency`, `notes`, `payment_collect` (property | ota), `payment_type`,
 * `ota_commission`, `inserted_at`. Amounts on the wire are decimals of the revision's currency;
 * here they are whole thousandths (baisa when the currency is the property's, rials).
 */

const STATUSES = ['new', 'modified', 'cancelled'] as const;

/** Decimal rials (a string or a number) as whole baisa, or null. */
export function rialsToBaisa(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(3) : '') : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,9})(?:\.(\d{1,3})\d*)?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Whole baisa as Channex's decimal rials ("52.000"). */
export function baisaToRials(baisa: number): string {
  return `${Math.floor(baisa / 1000)}.${String(baisa % 1000).padStart(3, '0')}`;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** A Booking Room's documented key: its `ota_unique_id` (a string or a number), as "ota:<id>". */
function otaRoomKey(value: unknown): string | null {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : str(value);
  return id === null ? null : `ota:${id.slice(0, 80)}`;
}

/** One Booking Room, or null when it cannot be read. `whole`: the revision's attributes (dates and occupancy of a one-room booking). */
function readRoom(room: unknown, whole: Json, single: boolean): ChannelRevisionRoom | null {
  if (!isObject(room)) return null;
  const occupancy = isObject(room.occupancy)
    ? room.occupancy
    : single && isObject(whole.occupancy)
      ? whole.occupancy
      : {};
  const days = isObject(room.days) ? room.days : {};
  const nights = Object.entries(days)
    .map(([date, price]) => ({ date, priceBaisa: rialsToBaisa(price) }))
    .sort((x, y) => x.date.localeCompare(y.date));
  const checkInDate = str(room.checkin_date) ?? str(whole.arrival_date);
  const checkOutDate = str(room.checkout_date) ?? str(whole.departure_date);
  if (
    !checkInDate ||
    !checkOutDate ||
    !isCalendarDate(checkInDate) ||
    !isCalendarDate(checkOutDate) ||
    checkOutDate <= checkInDate ||
    nights.some((n) => n.priceBaisa === null || !isCalendarDate(n.date))
  ) {
    return null;
  }
  return {
    // The room's key as Channex documents one: Booking.com's `ota_unique_id`. `booking_room_id` is
    // not in the documents; it only finds a stay made when the link still keyed rooms by it.
    roomId: otaRoomKey(room.ota_unique_id),
    legacyIds: [str(room.booking_room_id)].filter((id): id is string => id !== null),
    roomTypeId: str(room.room_type_id) ?? '',
    ratePlanId: str(room.rate_plan_id) ?? '',
    checkInDate,
    checkOutDate,
    adults: count(occupancy.adults) ?? 1,
    children: (count(occupancy.children) ?? 0) + (count(occupancy.infants) ?? 0),
    nights: nights as { date: string; priceBaisa: number }[],
  };
}

/** One revision (`{id, attributes}` or the attributes with their `id`), or ChannelProviderError. */
export function readRevision(item: unknown): ChannelRevision {
  const attributes = isObject(item) && isObject(item.attributes) ? item.attributes : item;
  const id = isObject(item) ? str(item.id) : null;
  if (!isObject(attributes) || !id) throw unreadable('revision', id);
  const a = attributes as Json;
  const status = STATUSES.find((s) => s === a.status);
  const listed = Array.isArray(a.rooms) ? a.rooms : [];
  const rooms = listed.map((room) => readRoom(room, a, listed.length === 1));
  const bookingId = str(a.booking_id);
  const propertyId = str(a.property_id);
  const read = rooms.filter((r): r is ChannelRevisionRoom => r !== null);
  const checkInDate = str(a.arrival_date) ?? read.map((r) => r.checkInDate).sort()[0];
  const checkOutDate =
    str(a.departure_date) ??
    read
      .map((r) => r.checkOutDate)
      .sort()
      .at(-1);
  if (
    !status ||
    !bookingId ||
    !propertyId ||
    !checkInDate ||
    !checkOutDate ||
    // Every room read (a room dropped would be a stay lost); a cancellation may list none.
    read.length !== rooms.length ||
    (read.length === 0 && status !== 'cancelled') ||
    // Two rooms of one booking under one key would be one stay of ours.
    new Set(read.flatMap((r) => (r.roomId ? [r.roomId] : []))).size !== read.filter((r) => r.roomId).length
  ) {
    throw unreadable('revision', id);
  }
  const name = [str(customer(a).name), str(customer(a).surname)].filter(Boolean).join(' ');
  return {
    id,
    bookingId,
    propertyId,
    status,
    otaName: str(a.ota_name) ?? 'channex',
    otaReservationCode: str(a.ota_reservation_code) ?? str(a.unique_id) ?? bookingId,
    checkInDate,
    checkOutDate,
    rooms: read,
    guest: { name: name || 'Guest', phone: str(customer(a).phone), email: str(customer(a).mail) },
    currency: str(a.currency)?.toUpperCase() ?? null,
    amount: typeof a.amount === 'number' ? String(a.amount) : str(a.amount),
    paymentCollect: a.payment_collect === 'ota' ? 'ota' : 'property',
    commissionBaisa: rialsToBaisa(a.ota_commission ?? 0) ?? 0,
    revisedAt: timeOf(a.inserted_at),
  };
}

const customer = (a: Json): Json => (isObject(a.customer) ? a.customer : {});

/**
 * Channex's `inserted_at` ("2026-11-26T14:03:11.123456", UTC, with or without a zone) as ms since
 * the epoch, or null when absent or unreadable.
 */
export function timeOf(value: unknown): number | null {
  const text = str(value);
  if (!text || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return null;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  // Date.parse takes at most milliseconds: finer digits are cut.
  const ms = Date.parse(zoned.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1'));
  return Number.isFinite(ms) ? ms : null;
}

function unreadable(what: string, id: string | null) {
  return new ChannelProviderError(
    `Channex answered an unreadable ${what}${id ? ` (${id.slice(0, 64)})` : ''}`,
  );
}
