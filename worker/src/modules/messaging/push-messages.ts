import { formatBookingReference } from '@shared/booking-reference';
import type { PushMessage } from '@shared/push-schemas';
import { type pushOutbox } from './push-tables';
import { isolateLtr } from '../assistant';
import { formatDate, formatMoney } from '../../platform/format';
import { hasText, roomName, roomShortName, text } from '../../platform/messages';
import type { EntryKind } from '../../platform/notify';
import { formatRoomNumber } from '@shared/room-number';
import { formatTimeOfDay } from '@shared/time-of-day';

export type Lang = 'ar' | 'en';

export type OutboxRow = typeof pushOutbox.$inferSelect;

const GUEST_BOOKING_KINDS = new Set([
  'booking_approved',
  'booking_cancelled',
  'booking_rejected',
  'booking_expired',
  'booking_edited',
]);
const STAFF_ENTRY_SCREEN: Record<EntryKind, string> = {
  photography: '/photography-admin',
  google_review: '/rating-admin',
  location_sharing: '/location-admin',
};
/** The request types a staff push names (the web's words: entities/admin/stay-requests). */
const STAY_REQUEST_TYPES = new Set(['towels', 'cleaning', 'late_checkout', 'maintenance', 'other']);

/** "Guest request: Late check-out until 13:00" and "Room 204 · Reference K7M-Q4PX". */
function stayRequestMessage(row: OutboxRow, lang: Lang): PushMessage {
  const d = row.details ?? {};
  const type = STAY_REQUEST_TYPES.has(d.requestType ?? '') ? d.requestType! : 'other';
  const name = text(lang, `push.stay_request_type.${type}`);
  const request = d.requestedTime
    ? text(lang, 'push.stay_request_until', {
        request: name,
        time: formatTimeOfDay(d.requestedTime, lang),
      })
    : name;
  const parts: string[] = [];
  if (d.room) parts.push(text(lang, 'push.room', { room: formatRoomNumber(d.room, lang) }));
  if (row.reference)
    parts.push(
      text(lang, 'push.reference', { reference: isolateLtr(formatBookingReference(row.reference)) }),
    );
  return {
    title: text(lang, 'push.stay_request', { request }),
    body: parts.join(' · '),
    url: '/admin/stay-requests',
    tag: `staff-stay-request-${row.subjectId}`,
    lang,
  };
}

/** "Gold · 12 December 2026 – 14 December 2026 · Reference K7M-Q4PX" in the language, dates via the one formatter. */
function bookingLine(row: OutboxRow, lang: Lang): string {
  const d = row.details ?? {};
  const parts: string[] = [];
  if (d.roomType)
    parts.push(
      roomShortName(lang, { code: d.roomType, nameAr: d.roomNameAr ?? '', nameEn: d.roomNameEn ?? '' }),
    );
  if (d.checkIn && d.checkOut) {
    parts.push(
      text(lang, 'push.dates', {
        checkIn: formatDate(d.checkIn, lang, 'long'),
        checkOut: formatDate(d.checkOut, lang, 'long'),
      }),
    );
  }
  if (row.reference)
    parts.push(
      text(lang, 'push.reference', { reference: isolateLtr(formatBookingReference(row.reference)) }),
    );
  const line = parts.join(' · ');
  const reason =
    d.reason && d.reason !== 'expired' ? `\n${text(lang, 'push.reason', { reason: d.reason })}` : '';
  return line + reason;
}

/**
 * What an OTA did, for staff: a booking the hotel could not place (titled by its channel flag:
 * "No room for Gold on 12 – 14 December"; a flag the catalogue does not word yet says only that
 * it needs placing by hand), changed or cancelled. A flagged one opens the desk's list of OTA
 * bookings to place; a change or a cancellation opens the booking in the bookings screen.
 */
function channelMessage(row: OutboxRow, lang: Lang): PushMessage {
  const flag = row.kind === 'channel_booking_flagged' ? (row.details?.reason ?? null) : null;
  const flagTitle = flag ? `push.staff.channel_flag.${flag}` : null;
  const d = row.details ?? {};
  const room = d.roomType
    ? roomName(lang, { code: d.roomType, nameAr: d.roomNameAr ?? '', nameEn: d.roomNameEn ?? '' })
    : '';
  const dates =
    d.checkIn && d.checkOut
      ? text(lang, 'push.dates', {
          checkIn: formatDate(d.checkIn, lang, 'long'),
          checkOut: formatDate(d.checkOut, lang, 'long'),
        })
      : '';
  const title =
    flagTitle && hasText(lang, flagTitle)
      ? text(lang, flagTitle, { room, dates })
      : text(lang, `push.staff.${row.kind}`);
  const url =
    row.kind === 'channel_booking_flagged'
      ? `/admin/front-desk?flagged=${row.subjectId}`
      : `/admin/bookings?tab=${row.kind === 'channel_booking_cancelled' ? 'cancelled' : 'active'}&q=${encodeURIComponent(row.reference ?? '')}`;
  return {
    title,
    body: bookingLine({ ...row, details: { ...d, reason: undefined } }, lang),
    url,
    tag: `staff-${row.kind}-${row.subjectId}`,
    lang,
  };
}

/** The notification a queued row becomes, in the subscription's language. */
export function pushMessageOf(row: OutboxRow, lang: Lang): PushMessage {
  const entry = row.entryKind as EntryKind | null;
  switch (row.kind) {
    case 'booking_received':
    case 'free_night_booked':
    case 'booking_changed':
    case 'booking_checked_in_online':
      return {
        title: text(lang, `push.staff.${row.kind}`),
        body: bookingLine(row, lang),
        url: '/admin/bookings',
        tag: `staff-booking-${row.subjectId}`,
        lang,
      };
    case 'channel_booking_flagged':
    case 'channel_booking_changed':
    case 'channel_booking_cancelled':
      return channelMessage(row, lang);
    case 'entry_received':
      return {
        title: text(lang, `push.staff_entry.${entry ?? 'photography'}`),
        body: text(lang, 'push.moderate'),
        url: STAFF_ENTRY_SCREEN[entry ?? 'photography'],
        tag: `staff-entry-${entry}-${row.subjectId}`,
        lang,
      };
    case 'entry_approved':
    case 'entry_rejected': {
      const decision = `entry_decision.${entry === 'google_review' ? 'google_review' : 'photography'}.${row.kind === 'entry_approved' ? 'approved' : 'rejected'}`;
      return {
        title: text(lang, `${decision}.title`),
        body: text(lang, `${decision}.message`),
        url: '/?events=true',
        tag: `entry-${entry}-${row.subjectId}`,
        lang,
      };
    }
    case 'stay_request_received':
      return stayRequestMessage(row, lang);
    case 'conversation_message_received':
      return {
        title: text(lang, 'push.conversation_message', { name: isolateLtr(row.details?.guestName ?? '') }),
        body: row.details?.preview ?? '',
        url: `/admin/inbox?thread=${row.details?.threadId ?? ''}`,
        tag: `staff-thread-${row.details?.threadId ?? row.subjectId}`,
        lang,
      };
    case 'conversation_reply_sent':
      return {
        title: text(lang, 'push.conversation_reply'),
        body: row.details?.preview ?? '',
        url: '/?messages=true',
        tag: `thread-${row.details?.threadId ?? row.subjectId}`,
        lang,
      };
    case 'payment_received':
    case 'payment_refunded': {
      // The amount (baisa) travels as the event's reason (modules/payments: payment-events.ts, refunds.ts).
      const baisa = Number(row.details?.reason ?? 0);
      return {
        title: text(lang, `push.guest.${row.kind}`),
        body: text(lang, 'push.payment_received', {
          amount: formatMoney(Number.isSafeInteger(baisa) ? baisa : 0, lang),
          reference: isolateLtr(row.reference ? formatBookingReference(row.reference) : ''),
        }),
        url: '/?bookings=true',
        tag: `${row.kind === 'payment_refunded' ? 'refund' : 'payment'}-${row.subjectId}`,
        lang,
      };
    }
    case 'review_approved':
      return {
        title: text(lang, 'push.review'),
        body: text(lang, 'push.review_body'),
        url: '/',
        tag: `review-${row.subjectId}`,
        lang,
      };
    default:
      return {
        title: text(lang, `push.guest.${GUEST_BOOKING_KINDS.has(row.kind) ? row.kind : 'booking_approved'}`),
        body: bookingLine(row, lang),
        url: '/?bookings=true',
        tag: `booking-${row.subjectId}`,
        lang,
      };
  }
}
