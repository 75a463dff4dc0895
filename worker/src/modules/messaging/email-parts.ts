import { formatBookingReference } from '@shared/booking-reference';
import type { BookingEventKind, EntryEventKind, EntryKind } from '../../platform/notify';
import type { RoomTypeNames } from '../../platform/messages';

/**
 * What every kind of the hotel's e-mails is made of: the content an outbox row carries, the
 * copy it becomes (subject, heading, paragraphs, details; the sentences from the message
 * catalogue, `email.*`) and the few formatters they share.
 */

/** What an e-mail says about the hotel (site settings) and where its links go. */
export type MailHotelInfo = {
  name: string;
  address: string;
  phone: string;
  email: string;
  checkInTime: string;
  checkOutTime: string;
  /** The app's origin (APP_ORIGIN), for links. */
  origin: string;
};

export type BookingMail = {
  reference: string;
  fullName: string;
  phoneNumber: string;
  roomType: string;
  /** Its room type's names (the catalogue's row; absent: the type is named by its code). */
  roomNames?: RoomTypeNames;
  /** What a completed stay of its room type earns (the type's points per stay). */
  pointsPerStay?: number;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  totalPrice: number | null;
  /** The rate plan's name in both languages, for a plan other than standard (null: standard). */
  ratePlanName: { ar: string; en: string } | null;
  isPointsBooking: boolean;
  pointsUsed: number;
  /** A signed-in guest's booking (a completed stay earns points only then). */
  hasAccount: boolean;
  /**
   * The booking's page with its signed link (modules/bookings/booking-grants.ts `bookingLinkPath` on
   * APP_ORIGIN): the guest opens it from the e-mail, with or without an account.
   * Null in the staff's alert.
   */
  manageUrl: string | null;
  /**
   * The check-out e-mail's tax invoice: its printable page with the booking's signed link
   * (modules/folio/routes/invoices.ts), when the stay was invoiced. Null in every other e-mail.
   */
  invoiceUrl: string | null;
  /**
   * What the booking's plan asks to be paid now and is not paid yet, in baisa: its deposit (the
   * whole stay on a non-refundable rate; shared/src/payments.ts depositDueBaisa) less what the
   * folio was paid, net of refunds. 0 when nothing is asked, or when paying online is not possible
   * (no provider), since the e-mail's button would lead nowhere.
   */
  dueNowBaisa: number;
  /** What is due now is the whole stay (a non-refundable rate), not a deposit: the e-mail names it so. */
  prepaysWholeStay: boolean;
  /** Its plan confirms it as soon as that is paid, without the hotel's review (decision 071). */
  confirmsOnPayment: boolean;
};

export type BookingMailKind = BookingEventKind | 'staff_booking_alert' | 'staff_booking_changed';

export type MailContent =
  | { kind: BookingMailKind; booking: BookingMail; reason: string | null }
  | { kind: EntryEventKind; entry: { kind: EntryKind; submissionDate: Date; notes: string | null } }
  | { kind: 'review_approved'; review: { name: string | null; starRating: number } }
  | {
      kind: 'lost_item_found';
      item: { fullName: string; description: string; place: string; foundOn: string; keepUntil: string };
    }
  | { kind: 'revenue_autopilot_applied'; run: AutopilotMail };

/** The price autopilot's run an e-mail tells the managers of (modules/revenue). */
export type AutopilotMail = {
  closeDate: string;
  changes: { date: string; roomType: string; kind: string; fromBaisa: number; toBaisa: number }[];
  roomNames: Map<string, RoomTypeNames>;
};

export type MailKind = MailContent['kind'];

export type RenderedMail = { subject: string; html: string; text: string };

export type Detail = { label: string; value: string };

/** What one message says (subject, heading, paragraphs) and which details it lists. */
export type MailCopy = { subject: string; heading: string; lines: string[]; details: Detail[] };

/** "K7M-Q4PX", isolated left to right inside Arabic text. */
export const refText = (reference: string) => `\u2066${formatBookingReference(reference)}\u2069`;
/** A phone number or address as typed, isolated left to right. */
export const ltr = (value: string) => `\u2066${value}\u2069`;
