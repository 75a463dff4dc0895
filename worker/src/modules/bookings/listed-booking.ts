import { type BookingSubmission } from './tables';
import { onlineCheckInView } from './online-check-in';
import { stayState } from '@shared/stay-policy';
import { stayNights } from '@shared/dates';
import { storedGuests } from '@shared/guest-counts';

/**
 * Booking rules shared by every route that creates or lists bookings (guest and
 * desk requests, free nights with points, exports): the listed shape, the holds
 * written in one batch with the booking, and what the database's refusals mean.
 */

/** The listed shape (spec: "Booking as listed"), money in baisa; also the CSV columns. */
export const BOOKING_COLUMNS = [
  'id',
  'reference',
  'fullName',
  'phoneNumber',
  'idNumber',
  'checkInDate',
  'checkOutDate',
  'roomType',
  'roomNumber',
  'bedType',
  'smokingPreference',
  'numberOfGuests',
  'adults',
  'children',
  'totalPriceBaisa',
  'paymentMethod',
  'status',
  'statusReason',
  'createdAt',
  'bookingType',
  'isPointsBooking',
  'pointsUsed',
  'extras',
  'userEmail',
] as const satisfies readonly (keyof ReturnType<typeof listedBooking>)[];

/**
 * A booking as listed. `assignedRoomNumber`, when the read joined it, is the number of the room
 * the stay is assigned to; otherwise the legacy numbered-room choice, if any.
 */
export function listedBooking(
  b: BookingSubmission & { assignedRoomNumber?: string | null; groupName?: string | null },
  holdMs: number,
) {
  return {
    id: b.id,
    reference: b.reference,
    fullName: b.fullName,
    phoneNumber: b.phoneNumber,
    idNumber: b.idNumber,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    roomType: b.roomType,
    roomNumber:
      b.assignedRoomNumber !== undefined
        ? b.assignedRoomNumber
        : b.roomNumber !== null
          ? String(b.roomNumber)
          : null,
    bedType: b.bedType,
    smokingPreference: b.smokingPreference,
    numberOfGuests: b.numberOfGuests,
    /** Of its guests, the adults and the children (a booking made before them: all adults). */
    adults: storedGuests(b).adults,
    children: storedGuests(b).children,
    totalPriceBaisa: b.totalPrice,
    paymentMethod: b.paymentMethod,
    status: b.status,
    statusReason: b.statusReason,
    /** Where the stay is in its life (booked, in house, departed, cancelled, no-show). */
    stayState: stayState(b),
    createdAt: b.createdAt,
    /** When a pending request lets go of its nights if nobody has decided (null otherwise). */
    holdExpiresAt:
      b.status === 'pending' ? new Date((b.pendingSince ?? b.createdAt).getTime() + holdMs) : null,
    bookingType: b.bookingType,
    isPointsBooking: b.isPointsBooking,
    pointsUsed: b.pointsUsed,
    extras: b.extras,
    userEmail: b.userEmail,
    /** The guest's online check-in, null until done; the ID photo only as "on file". */
    onlineCheckIn: onlineCheckInView(b),
    /** The room the stay is assigned to (the desk), null without one. */
    roomId: b.roomId,
    /** When the desk checked the guest in and out (a manager may undo either the same day). */
    checkedInAt: b.checkedInAt,
    checkedOutAt: b.checkedOutAt,
    /** For a stay checked out early: the departure it was booked until (an undo puts it back). */
    bookedCheckOutDate: b.status === 'completed' ? (b.closedFrom?.checkOutDate ?? null) : null,
    /** The desk's notes (never in a guest's view) and a manager's price, with its reason. */
    notes: b.notes,
    priceOverrideBaisa: b.priceOverrideBaisa,
    priceOverrideReason: b.priceOverrideReason,
    /** The rate plan it was sold under (migration 0055). */
    ratePlan: b.ratePlan,
    /** Each night's price, from the arrival night (null: a points booking, or made before plans). */
    nightPrices: nightsPriced(b),
    /** The cancellation rule it was sold under (null: the site's free-cancellation hours). */
    cancellationRule: b.cancellationRule,
    /**
     * A booking the channel manager brought (migration 0070): the OTA that sold it (null: the
     * hotel's own), its reservation code there, who collects the money, the OTA's commission
     * (baisa; the hotel's, never in a guest's view) and why staff must place it by hand.
     */
    ...channelOf(b),
    /** A group member's block, by name (staff's reads join it; null otherwise). */
    groupName: b.groupName ?? null,
    paymentCollect: b.paymentCollect,
    commissionBaisa: b.commissionBaisa,
  };
}

/**
 * A channel booking's OTA, its reservation code there, why staff must place it (null: the hotel's
 * own, or placed), and who collects its money ('ota': the OTA's company account at check-out, not
 * the guest; the desk shows it so). With what every booking carries of the trade: how it came
 * (`source`: an OTA's name, or the hotel's own channel), the company and travel agent it is for
 * (city-ledger account ids), its market segment, and a group member's block.
 */
export function channelOf(
  b: Pick<
    BookingSubmission,
    | 'source'
    | 'channelReference'
    | 'channelFlag'
    | 'paymentCollect'
    | 'companyId'
    | 'travelAgentId'
    | 'segment'
    | 'groupId'
  >,
) {
  return {
    source: b.source,
    channelReference: b.channelReference,
    channelFlag: b.channelFlag,
    paymentCollect: b.paymentCollect,
    companyId: b.companyId,
    travelAgentId: b.travelAgentId,
    segment: b.segment,
    /** The group block a member belongs to (null: not a group's). */
    groupId: b.groupId,
  };
}

/** The booking's nightly prices with their dates, when it keeps them. */
function nightsPriced(b: Pick<BookingSubmission, 'checkInDate' | 'checkOutDate' | 'nightPrices'>) {
  if (!b.nightPrices) return null;
  const dates = stayNights(b.checkInDate, b.checkOutDate);
  return b.nightPrices.slice(0, dates.length).map((priceBaisa, i) => ({ date: dates[i]!, priceBaisa }));
}
export type ListedBooking = ReturnType<typeof listedBooking>;

/** An ID number as a guest's own screens show it: all but its last 4 characters hidden. */
export function maskedIdNumber(idNumber: string): string {
  return idNumber.length <= 4 ? idNumber : `${'•'.repeat(idNumber.length - 4)}${idNumber.slice(-4)}`;
}

/**
 * A listed booking as its guest sees it: the ID number masked (the desk reads it whole; a guest's
 * phone, a shared device or a screenshot needs only its last digits to recognise it).
 */
export function guestView<
  T extends {
    idNumber: string;
    notes?: string | null;
    priceOverrideReason?: string | null;
    commissionBaisa?: number | null;
  },
>(listed: T): T {
  return {
    ...listed,
    idNumber: maskedIdNumber(listed.idNumber),
    // The desk's notes and a manager's reason for a price are the hotel's, not the guest's.
    ...('notes' in listed && { notes: null }),
    ...('priceOverrideReason' in listed && { priceOverrideReason: null }),
    ...('commissionBaisa' in listed && { commissionBaisa: null }),
  };
}
