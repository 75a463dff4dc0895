import { FREE_NIGHT_COST, ROOM_TYPES, type RoomType } from '@shared/constants';

/**
 * localStorage `pointsPurchase` (spec section 3): the tier chosen in the
 * points store, written before /points-booking opens and removed once the
 * free night is booked. Without it, /points-booking sends the guest back to
 * the store. Nothing is spent until the booking form is sent.
 */
export const POINTS_PURCHASE_KEY = 'pointsPurchase';

export type PointsPurchase = { roomType: RoomType; pointsUsed: number; isPointsBooking: true };

export function purchaseFor(roomType: RoomType): PointsPurchase {
  return { roomType, pointsUsed: FREE_NIGHT_COST[roomType], isPointsBooking: true };
}

export function writePointsPurchase(purchase: PointsPurchase) {
  try {
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify(purchase));
  } catch {
    // Storage refused (private mode, full): the booking screen sends the guest back to the store.
  }
}

/** The stored purchase, or null when there is none or it is not one (the cost is always the tier's). */
export function readPointsPurchase(): PointsPurchase | null {
  try {
    const raw = localStorage.getItem(POINTS_PURCHASE_KEY);
    if (raw === null) return null;
    const record = JSON.parse(raw) as { roomType?: unknown } | null;
    const roomType = record?.roomType;
    return typeof roomType === 'string' && (ROOM_TYPES as readonly string[]).includes(roomType)
      ? purchaseFor(roomType as RoomType)
      : null;
  } catch {
    return null;
  }
}

export function clearPointsPurchase() {
  try {
    localStorage.removeItem(POINTS_PURCHASE_KEY);
  } catch {
    // Nothing to do: a stale record only reopens the form.
  }
}
