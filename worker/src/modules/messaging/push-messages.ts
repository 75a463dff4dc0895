import type { PushMessage } from '../../../../shared/src/push-schemas';
import type { RoomType } from '../../../../shared/src/constants';
import { type pushOutbox } from './push-tables';
import { toArabicIndicDigits } from '../../../../shared/src/digits';
import { formatDay, isolateLtr } from '../assistant';
import { ENTRY_DECISION_TEXT, ROOM_TIER_NAME } from '../../platform/messages';
import type { EntryKind } from '../../platform/notify';

export type Lang = 'ar' | 'en';

export type OutboxRow = typeof pushOutbox.$inferSelect;

const GUEST_BOOKING_TITLE: Record<string, Record<Lang, string>> = {
  booking_approved: { ar: 'تمت الموافقة على حجزك', en: 'Your booking is approved' },
  booking_cancelled: { ar: 'تم إلغاء حجزك', en: 'Your booking was cancelled' },
  booking_rejected: { ar: 'تعذّر قبول طلب حجزك', en: 'Your booking request was declined' },
  booking_expired: {
    ar: 'انتهت مهلة طلب حجزك وأُفرجت الغرفة',
    en: 'Your booking request ran out of time and the room was released',
  },
};

const STAFF_BOOKING_TITLE: Record<string, Record<Lang, string>> = {
  booking_received: { ar: 'طلب حجز جديد', en: 'New booking request' },
  free_night_booked: { ar: 'ليلة مجانية محجوزة بالنقاط', en: 'Free night booked with points' },
  booking_changed: { ar: 'عدّل ضيف حجزه: بانتظار الموافقة', en: 'A guest changed their booking: to approve' },
  booking_checked_in_online: { ar: 'تم تسجيل الوصول عبر الإنترنت', en: 'Checked in online' },
};

const STAFF_ENTRY_TITLE: Record<EntryKind, Record<Lang, string>> = {
  photography: { ar: 'مشاركة جديدة في مسابقة التصوير', en: 'New photography entry' },
  google_review: { ar: 'مشاركة جديدة في سحب تقييم الفندق', en: 'New hotel rating entry' },
  location_sharing: { ar: 'مشاركة جديدة في مشاركة الموقع', en: 'New location sharing entry' },
};

const STAFF_ENTRY_SCREEN: Record<EntryKind, string> = {
  photography: '/photography-admin',
  google_review: '/rating-admin',
  location_sharing: '/location-admin',
};

const TEXT = {
  reference: { ar: 'رقم الحجز', en: 'Reference' },
  reason: { ar: 'السبب', en: 'Reason' },
  review: { ar: 'تم نشر تقييمك', en: 'Your review is published' },
  reviewBody: {
    ar: 'شكراً لك! يراه الآن زوار الفندق.',
    en: "Thank you! The hotel's visitors can now read it.",
  },
  moderate: { ar: 'افتح الإشراف لمراجعتها.', en: 'Open moderation to review it.' },
  stayRequest: { ar: 'طلب من ضيف', en: 'Guest request' },
  room: { ar: 'الغرفة', en: 'Room' },
  until: { ar: 'حتى', en: 'until' },
};

/** The request types' names in a staff push (the web's words: entities/admin/stay-requests). */
const STAY_REQUEST_NAME: Record<string, Record<Lang, string>> = {
  towels: { ar: 'مناشف', en: 'Towels' },
  cleaning: { ar: 'تنظيف الغرفة', en: 'Room cleaning' },
  late_checkout: { ar: 'مغادرة متأخرة', en: 'Late check-out' },
  maintenance: { ar: 'صيانة', en: 'Maintenance' },
  other: { ar: 'طلب آخر', en: 'Other request' },
};

/** "Guest request: Late check-out until 13:00" and "Room 204 · Reference K7MQ4PX". */
function stayRequestMessage(row: OutboxRow, lang: Lang): PushMessage {
  const d = row.details ?? {};
  const name = STAY_REQUEST_NAME[d.requestType ?? 'other'] ?? STAY_REQUEST_NAME.other!;
  const time = d.requestedTime
    ? ` ${TEXT.until[lang]} ${isolateLtr(lang === 'ar' ? toArabicIndicDigits(d.requestedTime) : d.requestedTime)}`
    : '';
  const parts: string[] = [];
  if (d.room) parts.push(`${TEXT.room[lang]} ${isolateLtr(d.room)}`);
  if (row.reference) parts.push(`${TEXT.reference[lang]} ${isolateLtr(row.reference)}`);
  return {
    title: `${TEXT.stayRequest[lang]}: ${name[lang]}${time}`,
    body: parts.join(' · '),
    url: '/admin/stay-requests',
    tag: `staff-stay-request-${row.subjectId}`,
    lang,
  };
}

/** "Gold · 12 December 2026 – 14 December 2026 · Reference K7MQ4PX" in the language, dates via the one formatter. */
function bookingLine(row: OutboxRow, lang: Lang): string {
  const d = row.details ?? {};
  const parts: string[] = [];
  if (d.roomType && d.roomType in ROOM_TIER_NAME[lang])
    parts.push(ROOM_TIER_NAME[lang][d.roomType as RoomType]);
  if (d.checkIn && d.checkOut) parts.push(`${formatDay(d.checkIn, lang)} – ${formatDay(d.checkOut, lang)}`);
  if (row.reference) parts.push(`${TEXT.reference[lang]} ${isolateLtr(row.reference)}`);
  const line = parts.join(' · ');
  const reason = d.reason && d.reason !== 'expired' ? `\n${TEXT.reason[lang]}: ${d.reason}` : '';
  return line + reason;
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
        title: STAFF_BOOKING_TITLE[row.kind]![lang],
        body: bookingLine(row, lang),
        url: '/admin/bookings',
        tag: `staff-booking-${row.subjectId}`,
        lang,
      };
    case 'entry_received':
      return {
        title: STAFF_ENTRY_TITLE[entry ?? 'photography'][lang],
        body: TEXT.moderate[lang],
        url: STAFF_ENTRY_SCREEN[entry ?? 'photography'],
        tag: `staff-entry-${entry}-${row.subjectId}`,
        lang,
      };
    case 'entry_approved':
    case 'entry_rejected': {
      const texts = ENTRY_DECISION_TEXT[entry === 'google_review' ? 'google_review' : 'photography'];
      const text = row.kind === 'entry_approved' ? texts.approved : texts.rejected;
      return {
        title: lang === 'ar' ? text.titleAr : text.title,
        body: lang === 'ar' ? text.messageAr : text.message,
        url: '/?events=true',
        tag: `entry-${entry}-${row.subjectId}`,
        lang,
      };
    }
    case 'stay_request_received':
      return stayRequestMessage(row, lang);
    case 'review_approved':
      return {
        title: TEXT.review[lang],
        body: TEXT.reviewBody[lang],
        url: '/',
        tag: `review-${row.subjectId}`,
        lang,
      };
    default:
      return {
        title: (GUEST_BOOKING_TITLE[row.kind] ?? GUEST_BOOKING_TITLE.booking_approved!)[lang],
        body: bookingLine(row, lang),
        url: '/?bookings=true',
        tag: `booking-${row.subjectId}`,
        lang,
      };
  }
}
