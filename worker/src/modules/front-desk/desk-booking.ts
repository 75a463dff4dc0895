import type { RoomStatus } from '@shared/constants';
import { storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import { channelOf, type BookingSubmission } from '../bookings';
import { expectedBalance, nightsToCome, type TaxSettings } from '../folio';

/**
 * A booking as the desk lists it (front-desk-day.ts reads the rows): the stay, its room, the
 * guest's profile flags, its folio's balance and the nights still to post, and a group member's
 * block by name.
 */

export type DeskRow = {
  booking: BookingSubmission;
  room: { id: number | null; number: string | null; status: string | null } | null;
  guest: { profileId: number | null; vip: number | null; doNotRent: number | null; stays: number };
  /** The nights already on the folio (a JSON array). */
  postedNights: string | null;
  masterGroupId: number | null;
  groupName: string | null;
};

/** A booking as the desk lists it. */
export function deskBooking(
  { booking: b, room, guest, postedNights, masterGroupId, groupName }: DeskRow,
  checkOutTime: string,
  settings: TaxSettings,
  today: string,
) {
  const toCome = nightsToCome(b, postedNights, settings, today, masterGroupId !== null);
  return {
    id: b.id,
    reference: b.reference,
    ...channelOf(b),
    /** A group member's block, by name (its card names the group, not "group" twice). */
    groupName,
    fullName: b.fullName,
    phoneNumber: b.phoneNumber,
    roomType: b.roomType,
    status: b.status,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    nights: nightsBetween(b.checkInDate, b.checkOutDate),
    totalPrice: b.totalPrice,
    /** The price of each night from the arrival (null: a booking made before rates, or points). */
    nightPrices: b.nightPrices,
    /** For a stay checked out early: the departure it was booked until (a manager may undo it). */
    bookedCheckOutDate: b.status === 'completed' ? (b.closedFrom?.checkOutDate ?? null) : null,
    // Its guests, adults and children (numberOfGuests, adults, children; before them: all adults).
    ...storedGuests(b),
    room: room?.id != null ? { id: room.id, number: room.number!, status: room.status as RoomStatus } : null,
    checkedInAt: b.checkedInAt,
    checkedOutAt: b.checkedOutAt,
    onlineCheckIn: b.checkedInOnlineAt !== null,
    /** The guest's profile: earlier stays (checked in), VIP, do not rent. */
    guest:
      guest?.profileId != null
        ? {
            profileId: guest.profileId,
            previousStays: Number(guest.stays),
            vip: Boolean(guest.vip),
            doNotRent: Boolean(guest.doNotRent),
          }
        : null,
    departureTime: b.departureTime ?? checkOutTime,
    notes: b.notes,
    priceOverrideBaisa: b.priceOverrideBaisa,
    priceOverrideReason: b.priceOverrideReason,
    /** The folio's balance (charges less payments), in baisa: what the guest owes now. */
    balanceBaisa: b.folioBalanceBaisa,
    /** The stay's room nights not on the folio yet, at their amounts (posted by the day close or the check-out). */
    nightsToCome: toCome,
    /** The balance with those nights charged: what the stay is expected to end on. */
    expectedBalanceBaisa: expectedBalance(b.folioBalanceBaisa, toCome),
    /** A non-refundable rate: nights left unused by an early departure are kept, not refunded. */
    nonRefundable: b.cancellationRule?.kind === 'non_refundable',
  };
}
export type DeskBooking = ReturnType<typeof deskBooking>;
