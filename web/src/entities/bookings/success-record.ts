import type { BedType, SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import type { CancellationRule } from '@shared/rates';

/**
 * localStorage `successfulBooking` (spec section 3): written when a booking succeeds (the booking
 * form, the quick booking, the points booking), read by the success-record checker, which shows
 * the booking's confirmation once and removes it. It survives a reload or a navigation between the
 * booking and its confirmation.
 */
export const SUCCESS_RECORD_KEY = 'successfulBooking';

export type SuccessRecord = {
  roomType: RoomTypeCode;
  bedType: BedType;
  smokingPreference: SmokingType;
  isPointsBooking: boolean;
  /** The booking's reference, shown in the toast. */
  reference?: string;
  /** The booking's id, for what its plan asks to be paid now (its payments, read by this device's grant). */
  bookingId?: number;
  pointsEarned?: number;
  pointsUsed?: number;
  /** Until when it may be cancelled or changed free of charge (ISO instant). */
  freeCancellationUntil?: string;
  /** The stay (YYYY-MM-DD), for the confirmation's summary. */
  checkInDate?: string;
  checkOutDate?: string;
  /** How the hotel tells the guest what comes next: an e-mail, or a text message to the booking's phone. */
  toldBy?: 'email' | 'sms';
  /** The rate plan it was sold on, its names (both: the guest may switch languages). */
  ratePlan?: { code: string; nameAr: string; nameEn: string };
  /** Each night's price as the server priced it, and the total. */
  nightPrices?: { date: string; priceBaisa: number }[] | null;
  totalPriceBaisa?: number | null;
  /** The rule it was sold under (null: the site's free-cancellation hours). */
  cancellationRule?: CancellationRule | null;
  /** Its plan confirms it as soon as what it asks in advance is paid online (not the hotel's review). */
  confirmsOnPayment?: boolean;
};

/** Said when a record is written, so the checker shows it at once rather than at its next tick. */
export const SUCCESS_RECORD_EVENT = 'successful-booking';

export function writeSuccessRecord(record: SuccessRecord) {
  try {
    localStorage.setItem(SUCCESS_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Storage refused (private mode, full): the confirmation is lost, the booking is not.
  }
  window.dispatchEvent(new Event(SUCCESS_RECORD_EVENT));
}

/** Whether a record waits for its confirmation (without taking it). */
export function hasSuccessRecord(): boolean {
  try {
    return localStorage.getItem(SUCCESS_RECORD_KEY) !== null;
  } catch {
    return false;
  }
}

/** Reads and removes the record, so its confirmation shows once; null when there is none. */
export function takeSuccessRecord(): SuccessRecord | null {
  try {
    const raw = localStorage.getItem(SUCCESS_RECORD_KEY);
    if (raw === null) return null;
    localStorage.removeItem(SUCCESS_RECORD_KEY);
    const record = JSON.parse(raw) as Partial<SuccessRecord> | null;
    return record && typeof record === 'object' && record.roomType ? (record as SuccessRecord) : null;
  } catch {
    return null;
  }
}
