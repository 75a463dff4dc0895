import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isBookingReference } from '@shared/booking-reference';
import type { Language } from '@shared/constants';
import { isCalendarDate } from '@shared/date-schemas';
import { formatTimeOfDay } from '@/lib/format-time';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatReference } from '@/lib/format-reference';
import {
  BED_LABELS,
  PAYMENT_LABELS,
  SMOKING_LABELS,
  STATUS_LABELS,
} from '@/entities/bookings/booking-labels';
import { PAYMENT_METHOD_LABELS } from '@/entities/folio/folio-words';
import { type NamedRoomType, roomTypeLabel } from '@/entities/admin/room-types/room-type-names';
import { VIP_CARD_LABELS } from '@/entities/vip/vip-card-labels';
import { ROLE_NAMES } from '@/entities/session/role-names';

/**
 * The audit log in the UI language: every field the worker writes into an
 * audit line (worker/src/lib/*: auditEntry's before and after), every coded value (statuses,
 * roles, yes/no, types) and every time, in words and digits of the language. audit-words.test.ts
 * enumerates the fields from the shared input schemas and the rows the worker logs.
 */
export const AUDIT_FIELDS: Record<string, MessageDescriptor> = {
  // Bookings (status changes, deletions: modules/bookings/listed-booking.ts listedBooking).
  status: msg`Status`,
  reason: msg`Reason`,
  statusReason: msg`Reason`,
  stayState: msg`Stay`,
  reference: msg`Reference`,
  fullName: msg`Full name`,
  phoneNumber: msg`Phone`,
  idNumber: msg`ID number`,
  checkInDate: msg`Check-in`,
  checkOutDate: msg`Check-out`,
  roomType: msg`Room`,
  roomNumber: msg`Room number`,
  bedType: msg`Bed`,
  smokingPreference: msg`Smoking`,
  numberOfGuests: msg`Guests`,
  adults: msg`Adults`,
  children: msg`Children`,
  source: msg`Sold by`,
  channelReference: msg`OTA reference`,
  channelFlag: msg`Needs placing`,
  // A group member's block, by name.
  groupName: msg`Group block`,
  channelRoomId: msg`OTA room`,
  flag: msg`Needs placing`,
  paymentCollect: msg`Money collected by`,
  commissionBaisa: msg`OTA commission`,
  totalPriceBaisa: msg`Total price`,
  paymentMethod: msg`Payment`,
  holdExpiresAt: msg`Held until`,
  bookingType: msg`Booking type`,
  isPointsBooking: msg`Points booking`,
  pointsUsed: msg`Points used`,
  extras: msg`Extras`,
  userEmail: msg`Guest e-mail`,
  onlineCheckIn: msg`Online check-in`,
  // The desk: the room, the check-in and check-out, an early departure and its undo.
  roomId: msg`Room (id)`,
  checkedInAt: msg`Checked in at`,
  checkedInBy: msg`Checked in by (id)`,
  checkedOutAt: msg`Checked out at`,
  bookedCheckOutDate: msg`Booked check-out`,
  totalPrice: msg`Total price`,
  // A staff edit of a stay: a manager's price (0: complimentary) and its reason.
  priceOverrideBaisa: msg`Price set by hand`,
  priceOverrideReason: msg`Reason for the price`,
  // Inventory.
  totalCount: msg`For sale`,
  // Staff accounts.
  email: msg`E-mail`,
  role: msg`Role`,
  isDisabled: msg`Disabled`,
  passwordChanged: msg`Password changed`,
  // VIP cards.
  civilId: msg`Civil ID`,
  cardType: msg`Card`,
  startDate: msg`Start date`,
  expiryDate: msg`Expiry date`,
  kind: msg`Benefit`,
  // Events, entries, reviews, notifications.
  isEnabled: msg`Open to guests`,
  requirePhoneVerification: msg`Entries need a phone verified by code`,
  adminNotes: msg`Notes`,
  starRating: msg`Stars`,
  userPhone: msg`Phone`,
  title: msg`Title (English)`,
  titleAr: msg`Title (Arabic)`,
  message: msg`Message (English)`,
  messageAr: msg`Message (Arabic)`,
  type: msg`Type`,
  // Offers.
  description: msg`Description (English)`,
  descriptionAr: msg`Description (Arabic)`,
  discount: msg`Discount`,
  features: msg`Features`,
  isBestSeller: msg`Best seller`,
  theme: msg`Colours`,
  validFrom: msg`Valid from`,
  validTo: msg`Valid until`,
  isActive: msg`Shown to guests`,
  sortOrder: msg`Position`,
  ids: msg`Order`,
  // Nearby services.
  category: msg`Category`,
  nameAr: msg`Name (Arabic)`,
  nameEn: msg`Name (English)`,
  descriptionEn: msg`Description (English)`,
  distanceMeters: msg`Distance (metres)`,
  walkMinutes: msg`Walk (minutes)`,
  contact: msg`Contacts`,
  // Site settings.
  siteName: msg`Hotel name (English)`,
  siteNameAr: msg`Hotel name (Arabic)`,
  siteDescription: msg`Description (English)`,
  siteDescriptionAr: msg`Description (Arabic)`,
  contactPhone: msg`Phone`,
  whatsappNumber: msg`WhatsApp`,
  contactEmail: msg`E-mail`,
  bookingAlertEmail: msg`E-mail for new booking alerts`,
  address: msg`Address (English)`,
  addressAr: msg`Address (Arabic)`,
  mapUrl: msg`Map link`,
  socialLinks: msg`Social links`,
  checkInTime: msg`Check-in time`,
  checkOutTime: msg`Check-out time`,
  maintenanceMode: msg`Maintenance mode`,
  heroMediaId: msg`Home page photo`,
  // The stay policy.
  freeCancellationHours: msg`Free cancellation: hours before check-in`,
  cancellationPolicy: msg`Cancellation policy (English)`,
  cancellationPolicyAr: msg`Cancellation policy (Arabic)`,
  onlineCheckInHours: msg`Online check-in opens: hours before arrival`,
  idRetentionDays: msg`Keep ID photos and numbers: days after check-out`,
  // Guest profiles (modules/guests: staff's changes and merges, a guest's own details).
  nationality: msg`Nationality`,
  dateOfBirth: msg`Date of birth`,
  documentType: msg`Document type`,
  documentNumber: msg`Document number`,
  documentExpiry: msg`Document expiry`,
  preferences: msg`Preferences`,
  notes: msg`Notes`,
  vip: msg`VIP`,
  doNotRent: msg`Do not rent`,
  mergedId: msg`Profile merged into this one`,
  kept: msg`Profile kept`,
  merged: msg`Profile merged`,
  // Assistant answers.
  question: msg`Question`,
  answer: msg`Answer`,
  keywords: msg`Keywords`,
  // Photos.
  ownerKind: msg`Photos of`,
  ownerId: msg`Which`,
  altAr: msg`Description (Arabic)`,
  altEn: msg`Description (English)`,
  width: msg`Width`,
  height: msg`Height`,
  widths: msg`Sizes`,
  // Rates: a booking's plan and nightly prices, a rate plan (modules/rates/plans-admin.ts), a
  // bulk edit of nights (rates-admin.ts).
  ratePlan: msg`Rate plan`,
  nightPrices: msg`Nightly prices`,
  cancellationRule: msg`Cancellation rule`,
  code: msg`Code`,
  roomTypes: msg`Room types`,
  breakfastIncluded: msg`Breakfast included`,
  confirmOnDeposit: msg`Confirmed when its deposit is paid`,
  cancellation: msg`Cancellation`,
  deposit: msg`Deposit`,
  parentCode: msg`Follows the prices of`,
  parentAdjustmentPercent: msg`Adjustment on that plan (%)`,
  active: msg`Active`,
  from: msg`First night`,
  to: msg`Last night`,
  weekdays: msg`Weekdays (0 = Sunday)`,
  priceBaisa: msg`Price for the guests it includes`,
  singlePriceBaisa: msg`Price for one guest`,
  extraGuestPriceBaisa: msg`Each guest beyond those in the price`,
  minStay: msg`Minimum stay (nights)`,
  maxStay: msg`Maximum stay (nights)`,
  closed: msg({ message: 'Closed', context: 'closed to sale' }),
  closedToArrival: msg`No arrival`,
  closedToDeparture: msg`No departure`,
  // The folio (modules/folio/folio.ts, the check-out): a line as posted.
  department: msg`Department`,
  quantity: msg`Quantity`,
  netBaisa: msg`Net (baisa)`,
  lineId: msg`Corrected line`,
  paymentLineId: msg`Refunded payment`,
  nightsPosted: msg`Room nights posted`,
  cityLedgerAccountId: msg`Company account`,
  amountBaisa: msg`Amount (baisa)`,
  method: msg`Paid by`,
  approvalCode: msg`Approval code`,
  businessDate: msg`Business date`,
  // Taxes and the supplier's details (modules/folio/tax-settings.ts), as saved whole.
  pricesIncludeTaxes: msg`Prices include taxes`,
  supplier: msg`Supplier's details`,
  taxes: msg`Taxes`,
  // Tax invoices and credit notes (modules/folio/invoices.ts): the document as issued.
  invoiceNumber: msg`Invoice number`,
  invoicedBookingId: msg`Booking`,
  documentTotalBaisa: msg`Total (baisa)`,
  documentLines: msg`Lines`,
  creditedInvoice: msg`Credited invoice`,
  // The day close (modules/day-close): what it posted and who closed it; the city ledger
  // (modules/folio/city-ledger.ts): a company account and a company's payment.
  roomNights: msg`Room nights posted`,
  noShows: msg`No-shows`,
  by: msg`Closed by`,
  name: msg`Name`,
  vatNumber: msg`VAT number`,
  creditLimitBaisa: msg`Credit limit (baisa)`,
  // A company's profile on its account (kind, negotiated plans, an agent's commission) and a
  // rate plan's public switch.
  ratePlanCodes: msg`Negotiated rate plans`,
  commissionPercent: msg`Commission (%)`,
  iata: msg`IATA code`,
  contactName: msg`Contact name`,
  public: msg`Offered to guests`,
  // Integrity checks, the statistics gate.
  violationCount: msg`Problems`,
  until: msg`Open until`,
  // Room types (modules/bookings/room-types-admin.ts): a type as added, or the fields changed.
  baseOccupancy: msg`Guests in the price`,
  maxAdults: msg`Most adults`,
  maxChildren: msg`Most children`,
  maxOccupancy: msg`Most guests in all`,
  extraBeds: msg`Extra beds`,
  bedTypes: msg`Bed types offered`,
  smokingOptions: msg`Smoking options offered`,
  amenities: msg`Amenities`,
  sizeM2: msg`Size (m²)`,
  originalPriceBaisa: msg`Price before discount`,
  pointsPerStay: msg`Points earned per stay`,
  freeNightPoints: msg`Points for a free night`,
  vipEligible: msg`Free night for VIP card holders`,
  roomCount: msg`Rooms of this type`,
};

/** Values whose words depend on their field (a gold card is not a gold room). */
const FIELD_VALUES: Record<string, Record<string, MessageDescriptor>> = {
  cardType: VIP_CARD_LABELS,
  kind: { coffee: msg`Free coffee`, free_night: msg`Free night` },
  // The names the staff accounts screen gives (a front-desk account is not "Staff" here).
  role: ROLE_NAMES,
  category: {
    restaurant: msg`Restaurant`,
    spa: msg`Spa`,
    transport: msg`Transport`,
    shopping: msg`Shopping`,
  },
  ownerKind: {
    room_type: msg`Room type`,
    offer: msg`Offer`,
    service_menu: msg`Service menu`,
    service_gallery: msg`Service gallery`,
    site_hero: msg`Home page photos`,
  },
  paymentMethod: PAYMENT_LABELS,
  by: { staff: msg`A manager`, cron: msg`The night audit` },
  method: PAYMENT_METHOD_LABELS,
  bookingType: { quick_management: msg`Made at the desk`, free_night: msg`Free night` },
  stayState: {
    booked: msg({ message: 'Booked', context: 'stay' }),
    in_house: msg({ message: 'In house', context: 'stay' }),
    departed: msg({ message: 'Departed', context: 'stay' }),
    cancelled: msg({ message: 'Cancelled', context: 'stay' }),
    no_show: msg({ message: 'No-show', context: 'stay' }),
  },
};

/**
 * Values that have words whatever their field: statuses, bed and smoking types, yes and no (a room
 * type's code has its name from the hotel's types: auditValue's `roomTypes`).
 */
const VALUES: Record<string, MessageDescriptor> = {
  ...STATUS_LABELS,
  rejected: msg({ message: 'Rejected', context: 'review or entry' }),
  hidden: msg`Hidden`,
  ...BED_LABELS,
  ...SMOKING_LABELS,
  photography: msg`Photography event`,
  location_sharing: msg`Location sharing event`,
  hotel_rating: msg`Hotel rating event`,
  true: msg`Yes`,
  false: msg`No`,
};

/** Shown exactly as typed, left to right, never as a number with separators. */
export const AS_TYPED = new Set([
  'phoneNumber',
  'civilId',
  'idNumber',
  'email',
  'userEmail',
  'userPhone',
  'participantPhone',
  'contactPhone',
  'whatsappNumber',
  'contactEmail',
  'bookingAlertEmail',
  'reference',
  'mapUrl',
  'invoiceNumber',
  'creditedInvoice',
  'vatNumber',
  'approvalCode',
]);

/**
 * A price in baisa (a room type's, a plan's or a night's, extra-guest prices too; a booking's
 * total): written as money in the language, never as a count of baisa.
 */
const PRICE_FIELD = /^(price|[a-z][A-Za-z]*Price)Baisa$/;

/** Booking references (a rooming list's bookings): as every screen shows them, "K7M-Q4PX". */
const BOOKING_REFERENCE_FIELDS = new Set(['references', 'bookingReference']);

/** A room's number (a stay's room; a numbered room's own): the one formatter, never a count. */
const ROOM_NUMBER_FIELDS = new Set(['roomNumber', 'number']);

/**
 * A run of digits this long is a phone, civil ID or similar number, never a count: shown as
 * typed (no grouping separators), like the fields above, wherever it appears.
 */
export const LONG_NUMBER = /^\+?\d{7,}$/;
/** A list value is shortened after its words, not in the middle of its JSON. */
const MAX_SHOWN = 48;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A field's name in the language; a field this version does not know yet by its key. */
export function auditFieldName(i18n: I18n, field: string): string {
  const words = AUDIT_FIELDS[field];
  return words ? i18n._(words) : field;
}

/** One item of a list value (features, keywords, ids, room types): its words in the language. */
function listItem(
  i18n: I18n,
  item: unknown,
  language: Language,
  field?: string,
  roomTypes?: readonly NamedRoomType[],
): string {
  if (typeof item === 'number') return formatCount(item, language);
  if (typeof item === 'string') return auditValue(i18n, item, language, field, roomTypes);
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    if (typeof o.ar === 'string' && typeof o.en === 'string') return language === 'ar' ? o.ar : o.en;
    return Object.values(o)
      .map((v) => listItem(i18n, v, language, undefined, roomTypes))
      .join(' ');
  }
  return String(item);
}

/**
 * A value in words when it has some (for its field first; a room type's code: its name from
 * `roomTypes`, the hotel's types), a date or time in the language (Asia/Muscat), a whole number in the language's digits, a list item by item; a room's number
 * by its formatter; codes, phones and IDs as typed, isolated left to right (U+2066…U+2069);
 * anything else as it is.
 */
export function auditValue(
  i18n: I18n,
  value: string | null,
  language: Language,
  field?: string,
  roomTypes?: readonly NamedRoomType[],
): string {
  if (value === null) return '—';
  if (field && AS_TYPED.has(field)) return `\u2066${value}\u2069`;
  if (field && BOOKING_REFERENCE_FIELDS.has(field) && isBookingReference(value))
    return formatReference(value);
  if (field && ROOM_NUMBER_FIELDS.has(field)) return formatRoomNumber(value, language);
  const words = (field && FIELD_VALUES[field]?.[value]) ?? VALUES[value];
  if (words) return i18n._(words);
  const roomType = roomTypes?.find((type) => type.code === value);
  if (roomType) return roomTypeLabel(roomType, language);
  if (isCalendarDate(value)) return formatDate(value, language);
  if (ISO_TIME.test(value)) return formatDateTime(value, language);
  if (TIME_OF_DAY.test(value)) return formatTimeOfDay(value, language);
  if (field && PRICE_FIELD.test(field) && /^\d{1,12}$/.test(value))
    return formatPrice(Number(value), language);
  if (LONG_NUMBER.test(value)) return `\u2066${value}\u2069`;
  if (/^\d+$/.test(value)) {
    // A moment kept as milliseconds (a time field), else a count.
    return field?.endsWith('At') && Number(value) > 1e12
      ? formatDateTime(Number(value), language)
      : formatCount(Number(value), language);
  }
  if (value.startsWith('[') || value.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      const items = Array.isArray(parsed) ? parsed : [parsed];
      const text = items
        .map((item) => listItem(i18n, item, language, field, roomTypes))
        .join(language === 'ar' ? '، ' : ', ');
      return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
    } catch {
      // Shortened (…) or not JSON: as it is.
    }
  }
  return value;
}
