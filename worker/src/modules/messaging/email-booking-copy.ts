import type { Language } from '@shared/constants';
import { nightsBetween } from '@shared/money';
import { countText } from '../../platform/counts';
import { formatCount, formatDate, formatMoney } from '../../platform/format';
import {
  ltr,
  refText,
  type BookingMail,
  type BookingMailKind,
  type Detail,
  type MailCopy,
  type MailHotelInfo,
} from './email-parts';
import { roomName, text } from '../../platform/messages';
import { formatTimeOfDay } from '@shared/time-of-day';

/** The e-mails about a booking, to its guest or to the staff. */

const time = (hhmm: string, lang: Language) => formatTimeOfDay(hhmm, lang);

/** The reason a booking ended, in words ("expired" is the cron's code, not a sentence). */
function reasonText(reason: string | null, lang: Language): string | null {
  if (!reason) return null;
  return reason === 'expired' ? text(lang, 'email.reason_expired') : reason;
}

function bookingDetails(b: BookingMail, hotel: MailHotelInfo, lang: Language, staff: boolean): Detail[] {
  const label = (key: string) => text(lang, `email.label.${key}`);
  const rows: Detail[] = [
    { label: label('reference'), value: refText(b.reference) },
    ...(staff
      ? [
          { label: label('guest'), value: b.fullName },
          { label: label('phone'), value: ltr(b.phoneNumber) },
        ]
      : []),
    {
      label: label('room'),
      value: roomName(lang, b.roomNames ?? b.roomType),
    },
    {
      label: label('check_in'),
      value: text(lang, 'email.check_in_from', {
        date: formatDate(b.checkInDate, lang, 'weekday'),
        time: time(hotel.checkInTime, lang),
      }),
    },
    {
      label: label('check_out'),
      value: text(lang, 'email.check_out_by', {
        date: formatDate(b.checkOutDate, lang, 'weekday'),
        time: time(hotel.checkOutTime, lang),
      }),
    },
    {
      label: label('nights'),
      value: countText(nightsBetween(b.checkInDate, b.checkOutDate), lang, 'nights'),
    },
    { label: label('guests'), value: formatCount(b.numberOfGuests, lang) },
    // The plan it was sold on (non-refundable, bed and breakfast), when not the standard rate.
    ...(b.ratePlanName ? [{ label: label('rate_plan'), value: b.ratePlanName[lang] }] : []),
  ];
  if (b.isPointsBooking) {
    rows.push({ label: label('paid'), value: countText(b.pointsUsed, lang, 'points') });
  } else if (b.totalPrice !== null) {
    rows.push({
      label: label('total'),
      value: formatMoney(b.totalPrice, lang),
    });
  }
  return rows;
}

/**
 * The guest's e-mails about a booking still to come that say what is due now (and whose button
 * pays it), when its plan asks for a deposit not paid yet (docs/decisions/071-online-payments.md).
 */
export const WITH_DUE_NOW = new Set<BookingMailKind>([
  'booking_received',
  'booking_approved',
  'booking_confirmed',
  'booking_changed',
  'booking_edited',
]);

/** What is due now in this e-mail (0: nothing to say). */
export const dueNowOf = (kind: BookingMailKind, b: BookingMail) =>
  WITH_DUE_NOW.has(kind) && !b.isPointsBooking && b.manageUrl ? Math.max(0, b.dueNowBaisa) : 0;

/** The e-mails whose details say why the booking ended. */
const WITH_REASON = new Set<BookingMailKind>(['booking_cancelled', 'booking_rejected', 'booking_expired']);

export function bookingMailCopy(
  kind: BookingMailKind,
  b: BookingMail,
  reason: string | null,
  hotel: MailHotelInfo,
  lang: Language,
): MailCopy {
  const staff = kind === 'staff_booking_alert' || kind === 'staff_booking_changed';
  let details = bookingDetails(b, hotel, lang, staff);
  const why = WITH_REASON.has(kind) ? reasonText(reason, lang) : null;
  if (why) details = [...details, { label: text(lang, 'email.label.reason'), value: why }];
  if (kind === 'booking_completed') {
    const earned = b.hasAccount && !b.isPointsBooking ? (b.pointsPerStay ?? 0) : 0;
    if (earned > 0) {
      details = [
        ...details,
        { label: text(lang, 'email.label.points_earned'), value: countText(earned, lang, 'points') },
      ];
    }
  }
  // A payment received online, or a refund of one: its amount (the outbox row's `reason`, in baisa; modules/payments).
  if ((kind === 'payment_received' || kind === 'payment_refunded') && reason && /^\d+$/.test(reason)) {
    const amount = formatMoney(Number(reason), lang);
    const label = kind === 'payment_refunded' ? 'email.label.amount_refunded' : 'email.label.amount_paid';
    details = [...details, { label: text(lang, label), value: amount }];
  }
  const due = dueNowOf(kind, b);
  // A request on a plan that confirms on payment is not waiting for the hotel: it is confirmed
  // as soon as it is paid (decision 071).
  const body =
    kind === 'booking_approved' || kind === 'booking_confirmed'
      ? text(lang, 'email.booking_welcome')
      : kind === 'booking_received' && b.confirmsOnPayment && due > 0
        ? text(lang, 'email.booking_received.body_on_payment')
        : text(lang, `email.${kind}.body`);
  const lines = staff ? [body] : [text(lang, 'email.hello', { name: b.fullName }), body];
  // What is due now and not paid yet, named as the guest side names it (the deposit, or the whole
  // stay on a non-refundable rate): its amount among the details and a sentence on how to pay it
  // (the e-mail's first button, email-templates.tsx).
  if (due > 0) {
    const amount = formatMoney(due, lang);
    const whole = b.prepaysWholeStay;
    details = [
      ...details,
      {
        label: text(lang, whole ? 'email.label.whole_stay_due_now' : 'email.label.deposit_due_now'),
        value: amount,
      },
    ];
    lines.push(text(lang, whole ? 'email.whole_stay_due_now' : 'email.deposit_due_now', { amount }));
  }
  return {
    subject: text(lang, `email.${kind}.subject`, { reference: refText(b.reference) }),
    heading: text(lang, `email.${kind}.heading`),
    // The staff's e-mails greet nobody.
    lines,
    details,
  };
}
