import { isCalendarDate } from '@shared/date-schemas';
import { ChannelProviderError, type ChannelRevision } from '../channel-adapter';
import { isObject, type Json } from './api';

/**
 * Channex's booking revisions (`{id, type: 'booking_revision', attributes}`) read into the app's
 * words. Amounts on the wire are decimals of the property's currency (rials, three decimals);
 * here they are whole baisa. A revision of several rooms is read by its first room (the hotel
 * sells one room per OTA booking; a multi-room booking arrives as one revision per room at most
 * OTAs through Channex, which this reading assumes).
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

/** One revision (`{id, attributes}` or the attributes with their `id`), or ChannelProviderError. */
export function readRevision(item: unknown): ChannelRevision {
  const attributes = isObject(item) && isObject(item.attributes) ? item.attributes : item;
  const id = isObject(item) ? str(item.id) : null;
  if (!isObject(attributes) || !id) throw unreadable('revision', id);
  const a = attributes as Json;
  const status = STATUSES.find((s) => s === a.status);
  const room = Array.isArray(a.rooms) && isObject(a.rooms[0]) ? a.rooms[0] : null;
  const occupancy = isObject(room?.occupancy) ? room.occupancy : isObject(a.occupancy) ? a.occupancy : {};
  const customer = isObject(a.customer) ? a.customer : {};
  const days = isObject(room?.days) ? room.days : {};
  const nights = Object.entries(days)
    .map(([date, price]) => ({ date, priceBaisa: rialsToBaisa(price) }))
    .sort((x, y) => x.date.localeCompare(y.date));
  const checkInDate = str(room?.checkin_date) ?? str(a.arrival_date);
  const checkOutDate = str(room?.checkout_date) ?? str(a.departure_date);
  const bookingId = str(a.booking_id);
  if (
    !status ||
    !room ||
    !bookingId ||
    !checkInDate ||
    !checkOutDate ||
    !isCalendarDate(checkInDate) ||
    !isCalendarDate(checkOutDate) ||
    nights.some((n) => n.priceBaisa === null || !isCalendarDate(n.date))
  ) {
    throw unreadable('revision', id);
  }
  const name = [str(customer.name), str(customer.surname)].filter(Boolean).join(' ');
  return {
    id,
    bookingId,
    status,
    otaName: str(a.ota_name) ?? 'channex',
    otaReservationCode: str(a.ota_reservation_code) ?? str(a.unique_id) ?? bookingId,
    roomTypeId: str(room.room_type_id) ?? '',
    ratePlanId: str(room.rate_plan_id) ?? '',
    checkInDate,
    checkOutDate,
    adults: count(occupancy.adults) ?? 1,
    children: (count(occupancy.children) ?? 0) + (count(occupancy.infants) ?? 0),
    guest: { name: name || 'Guest', phone: str(customer.phone), email: str(customer.mail) },
    nights: nights as { date: string; priceBaisa: number }[],
    paymentCollect: a.payment_collect === 'ota' ? 'ota' : 'property',
    commissionBaisa: rialsToBaisa(a.ota_commission ?? 0) ?? 0,
    revisedAt: timeOf(a.inserted_at),
  };
}

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
