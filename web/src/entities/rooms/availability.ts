import { BED_TYPES, SMOKING_TYPES, type BedType, type SmokingType } from '@shared/start-constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';

/**
 * Pure readings of the inventory answers (GET /api/room-inventory,
 * /room-bed-inventory, /room-smoking-inventory), shared by the room cards,
 * the room lists and the booking forms.
 */

type RoomRow = { roomType: RoomTypeCode; availableCount: number };
type BedRow = RoomRow & { bedType: BedType };
type SmokingRow = RoomRow & { smokingType: SmokingType };

export type StockLevel = 'red' | 'yellow' | 'ok';

/** A room type's low-stock marks (its `lowStock`, GET /api/room-types). */
export type LowStockMarks = { red: number; yellow: number };

/**
 * Spec section 9: at or below the type's red mark red, at or below its yellow mark yellow. Without
 * its marks (the room types not loaded yet) only none left is red.
 */
export function stockLevel(marks: LowStockMarks | undefined, left: number): StockLevel {
  if (left <= (marks?.red ?? 0)) return 'red';
  if (marks && left <= marks.yellow) return 'yellow';
  return 'ok';
}

/** Rooms left of one type, or undefined while unknown (not loaded, offline on a first visit). */
export function roomsLeft(rows: readonly RoomRow[] | undefined, roomType: RoomTypeCode): number | undefined {
  return rows?.find((r) => r.roomType === roomType)?.availableCount;
}

/** Spec section 4: quick booking is open only while some type has a room left. Unknown counts as open. */
export function totalRoomsLeft(rows: readonly RoomRow[] | undefined): number | undefined {
  return rows ? rows.reduce((sum, r) => sum + Math.max(0, r.availableCount), 0) : undefined;
}

/** Beds left of each kind for one room type: { single, double }. */
export function bedCounts(rows: readonly BedRow[] | undefined, roomType: RoomTypeCode) {
  return Object.fromEntries(
    BED_TYPES.map((bed) => [
      bed,
      rows?.find((r) => r.roomType === roomType && r.bedType === bed)?.availableCount ?? 0,
    ]),
  ) as Record<BedType, number>;
}

/** Smoking and non-smoking rooms left for one room type: { smoking, non_smoking }. */
export function smokingCounts(rows: readonly SmokingRow[] | undefined, roomType: RoomTypeCode) {
  return Object.fromEntries(
    SMOKING_TYPES.map((kind) => [
      kind,
      rows?.find((r) => r.roomType === roomType && r.smokingType === kind)?.availableCount ?? 0,
    ]),
  ) as Record<SmokingType, number>;
}

/**
 * Spec section 2: the booking form offers a bed type or smoking preference
 * only while its count is above 0, and shows the count (in the order given).
 */
export function availableChoices<K extends string>(counts: Record<K, number>): { value: K; count: number }[] {
  return (Object.entries(counts) as [K, number][])
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count }));
}
