import type { RoomTypeCode } from '@shared/room-type-schemas';

/**
 * localStorage `pointsPurchase` (spec section 3): the room type chosen in the
 * points store, written before /points-booking opens and removed once the
 * free night is booked. Without it, /points-booking sends the guest back to
 * the store. Nothing is spent until the booking form is sent.
 */
export const POINTS_PURCHASE_KEY = 'pointsPurchase';

export type PointsPurchase = { roomType: RoomTypeCode; pointsUsed: number; isPointsBooking: true };

/** A room type sold for points (GET /api/room-types: `freeNightPoints` not null). */
type Redeemable = { code: RoomTypeCode; freeNightPoints: number };

export function purchaseFor(type: Redeemable): PointsPurchase {
  return { roomType: type.code, pointsUsed: type.freeNightPoints, isPointsBooking: true };
}

export function writePointsPurchase(purchase: PointsPurchase) {
  try {
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify(purchase));
  } catch {
    // Storage refused (private mode, full): the booking screen sends the guest back to the store.
  }
}

/**
 * The stored purchase, or null when there is none, it is not one, or its room type is not among
 * `types` sold for points. The cost is always the type's, never what was stored.
 */
export function readPointsPurchase(
  types: readonly { code: RoomTypeCode; freeNightPoints: number | null }[],
): PointsPurchase | null {
  try {
    const raw = localStorage.getItem(POINTS_PURCHASE_KEY);
    if (raw === null) return null;
    const record = JSON.parse(raw) as { roomType?: unknown } | null;
    const type = types.find((t) => t.code === record?.roomType);
    return type && type.freeNightPoints !== null
      ? purchaseFor({ code: type.code, freeNightPoints: type.freeNightPoints })
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
