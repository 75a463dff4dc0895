import type { BedType, RoomType, SmokingType } from '@shared/constants';

/**
 * localStorage `successfulBooking` (spec section 3): written when the booking
 * form succeeds (and by the points booking), read by the success-record
 * checker, which shows the success toast once and removes it. It survives a
 * reload or a navigation between the booking and the toast.
 */
export const SUCCESS_RECORD_KEY = 'successfulBooking';

export type SuccessRecord = {
  roomType: RoomType;
  bedType: BedType;
  smokingPreference: SmokingType;
  isPointsBooking: boolean;
  /** The booking's reference, shown in the toast. */
  reference?: string;
  pointsEarned?: number;
  pointsUsed?: number;
  /** Until when it may be cancelled or changed free of charge (ISO instant). */
  freeCancellationUntil?: string;
};

export function writeSuccessRecord(record: SuccessRecord) {
  try {
    localStorage.setItem(SUCCESS_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Storage refused (private mode, full): the toast is lost, the booking is not.
  }
}

/** Whether a record waits for its toast (without taking it). */
export function hasSuccessRecord(): boolean {
  try {
    return localStorage.getItem(SUCCESS_RECORD_KEY) !== null;
  } catch {
    return false;
  }
}

/** Reads and removes the record, so its toast shows once; null when there is none. */
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
