import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatBookingReference } from '@shared/booking-reference';
import { HOTEL_TIME_ZONE, type Language } from '@shared/constants';
import type { MailAttachment } from '../../platform/tables';
import type { BookingMail, MailHotelInfo } from './email-templates';
import { roomName, text } from '../../platform/messages';

/**
 * The calendar file of an approved or confirmed stay, through ical-generator: one
 * event from the check-in time on the check-in date to the check-out time on the check-out date,
 * in the hotel's time zone (`DTSTART;TZID=Asia/Muscat:…`, with its VTIMEZONE: Oman keeps UTC+4
 * all year, no daylight saving), at the hotel's address, named by the booking's reference.
 */

/** Asia/Muscat has had one offset, +04:00, with no daylight saving, since 1920. */
const MUSCAT_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${HOTEL_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0400',
  'TZOFFSETTO:+0400',
  'TZNAME:+04',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** How the stay stands, as the calendar file says it (an e-mail's file is for an approved stay). */
export type StayCalendarStatus = 'tentative' | 'confirmed' | 'cancelled';

const EVENT_STATUS: Record<StayCalendarStatus, ICalEventStatus> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

export function stayCalendar(
  booking: Pick<BookingMail, 'reference' | 'roomType' | 'roomNames' | 'checkInDate' | 'checkOutDate'>,
  hotel: MailHotelInfo,
  lang: Language,
): MailAttachment {
  const file = stayCalendarFile(booking, hotel, lang, 'confirmed');
  return { filename: file.filename, contentType: file.contentType, content: base64Of(file.text) };
}

/** The calendar file itself (the guest's "add to calendar" downloads it: modules/messaging/routes/calendar.ts). */
export function stayCalendarFile(
  booking: Pick<BookingMail, 'reference' | 'roomType' | 'roomNames' | 'checkInDate' | 'checkOutDate'>,
  hotel: MailHotelInfo,
  lang: Language,
  status: StayCalendarStatus,
) {
  const reference = formatBookingReference(booking.reference);
  const calendar = ical({
    prodId: { company: hotel.name, product: 'bookings', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: HOTEL_TIME_ZONE, generator: () => MUSCAT_VTIMEZONE },
  });
  const room = roomName(lang, booking.roomNames ?? booking.roomType);
  calendar.createEvent({
    id: `${booking.reference}@${new URL(hotel.origin).hostname}`,
    // Wall-clock times in the hotel's zone: a string without an offset is read as such.
    start: `${booking.checkInDate}T${hotel.checkInTime}:00`,
    end: `${booking.checkOutDate}T${hotel.checkOutTime}:00`,
    timezone: HOTEL_TIME_ZONE,
    summary: text(lang, 'calendar.summary', { hotel: hotel.name, reference }),
    description: text(lang, 'calendar.description', { reference, room, phone: hotel.phone }),
    location: hotel.address || hotel.name,
    status: EVENT_STATUS[status],
    url: `${hotel.origin}/?lang=${lang}`,
  });
  return {
    filename: `booking-${reference}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    text: calendar.toString(),
  };
}

/** UTF-8 text as base64. */
export function base64Of(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
