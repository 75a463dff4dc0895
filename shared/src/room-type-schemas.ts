import { z } from './zod';
import { BED_TYPES, MAX_OCCUPANCY, SMOKING_TYPES, type BedType, type SmokingType } from './constants';
import { wholeNumber } from './date-schemas';

/**
 * Room types are the hotel's data (migration 0065, docs/decisions/073-room-types-as-data.md):
 * an admin adds, edits and retires them (GET/POST /api/admin/room-types, PATCH
 * /api/admin/room-types/:code); guests read the active ones (GET /api/room-types). Messages are
 * codes; each side turns a code into Arabic or English text.
 */

/** A type's code: lower-case letters, digits and hyphens, 2-32 long, starting with a letter; never changes. */
export const ROOM_TYPE_CODE = /^[a-z][a-z0-9-]{1,31}$/;
export type RoomTypeCode = string;
export const roomTypeCodeSchema = z
  .string({ error: 'invalid_room_type' })
  .trim()
  .toLowerCase()
  .regex(ROOM_TYPE_CODE, 'invalid_room_type');

// The most guests any room type takes: in constants.ts, which has no schema (decision 087).
export { MAX_OCCUPANCY };

export const ROOM_TYPE_LIMITS = {
  nameMax: 100,
  descriptionMax: 600,
  amenitiesMax: 20,
  amenityMax: 120,
  extraBedsMax: 12,
  sizeM2Max: 2_000,
  roomCountMax: 999,
  /** 10,000.000 OMR a night, in baisa. */
  priceMaxBaisa: 10_000_000,
  pointsMax: 1_000_000,
  sortOrderMax: 9_999,
} as const;

/** The fields of a room type every reader needs (a row of `rooms` as the API answers it). */
export type RoomTypeFacts = {
  code: RoomTypeCode;
  nameAr: string;
  nameEn: string;
  baseOccupancy: number;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
};

/** GET /api/room-types and GET /api/admin/room-types: one type. */
export type RoomTypeView = RoomTypeFacts & {
  descriptionAr: string;
  descriptionEn: string;
  extraBeds: number;
  bedTypes: BedType[];
  smokingOptions: SmokingType[];
  amenities: { ar: string; en: string }[];
  sizeM2: number | null;
  /** The standard plan's default night. */
  priceBaisa: number;
  /**
   * What each guest beyond `baseOccupancy` pays a night, unless a rate plan or a night of the rate
   * calendar sets its own; null: the spec's 2.000 (shared/src/rates.ts).
   */
  extraGuestPriceBaisa: number | null;
  /** The struck-through price beside it, or null. */
  originalPriceBaisa: number | null;
  pointsPerStay: number;
  /** The points price of a free night; null: not redeemable. */
  freeNightPoints: number | null;
  vipEligible: boolean;
  sortOrder: number;
  active: boolean;
  /** Rooms of the type the hotel sells (the inventory's cap). */
  roomCount: number;
  /** How many numbered rooms the guest room list shows: the hotel's active rooms of the type. */
  listedRooms: number;
  lowStock: { red: number; yellow: number };
  imageUrl: string | null;
};

/** Why a stay of `adults` and `children` does not fit `type` (null: it fits). */
export function occupancyRefusal(
  type: Pick<RoomTypeFacts, 'maxAdults' | 'maxChildren' | 'maxOccupancy'>,
  adults: number,
  children: number,
): 'over_occupancy' | null {
  if (adults < 1 || children < 0) return 'over_occupancy';
  if (adults > type.maxAdults || children > type.maxChildren || adults + children > type.maxOccupancy) {
    return 'over_occupancy';
  }
  return null;
}

/** Guests above the type's base occupancy: each pays the extra-guest price a night (shared/src/rates.ts). */
export function extraGuests(type: Pick<RoomTypeFacts, 'baseOccupancy'>, adults: number, children: number) {
  return Math.max(0, adults + children - type.baseOccupancy);
}

const name = z
  .string({ error: 'text_required' })
  .trim()
  .min(1, 'text_required')
  .max(ROOM_TYPE_LIMITS.nameMax, 'text_too_long');
/** A description: line breaks kept. */
const description = z
  .multilineString({ error: 'text_too_long' })
  .trim()
  .max(ROOM_TYPE_LIMITS.descriptionMax, 'text_too_long');
const bounded = (min: number, max: number) =>
  wholeNumber('room_type_invalid').pipe(
    z.number().min(min, 'room_type_invalid').max(max, 'room_type_invalid'),
  );
const amenity = z.object({
  ar: z
    .string({ error: 'text_required' })
    .trim()
    .min(1, 'text_required')
    .max(ROOM_TYPE_LIMITS.amenityMax, 'text_too_long'),
  en: z
    .string({ error: 'text_required' })
    .trim()
    .min(1, 'text_required')
    .max(ROOM_TYPE_LIMITS.amenityMax, 'text_too_long'),
});
/** A price in baisa, at most ROOM_TYPE_LIMITS.priceMaxBaisa. */
const price = wholeNumber('room_type_price_invalid').pipe(
  z.number().max(ROOM_TYPE_LIMITS.priceMaxBaisa, 'room_type_price_invalid'),
);
const unique = <T extends string>(values: readonly T[], code: string) =>
  z
    .array(z.enum(values as [T, ...T[]], { error: code }), { error: code })
    .min(1, code)
    .max(values.length, code)
    .refine((list) => new Set(list).size === list.length, code);

const fields = {
  nameAr: name,
  nameEn: name,
  descriptionAr: description,
  descriptionEn: description,
  baseOccupancy: bounded(1, MAX_OCCUPANCY),
  maxAdults: bounded(1, MAX_OCCUPANCY),
  maxChildren: bounded(0, MAX_OCCUPANCY),
  maxOccupancy: bounded(1, MAX_OCCUPANCY),
  extraBeds: bounded(0, ROOM_TYPE_LIMITS.extraBedsMax),
  bedTypes: unique(BED_TYPES, 'room_type_beds_invalid'),
  smokingOptions: unique(SMOKING_TYPES, 'room_type_smoking_invalid'),
  amenities: z
    .array(amenity, { error: 'features_invalid' })
    .max(ROOM_TYPE_LIMITS.amenitiesMax, 'features_invalid'),
  sizeM2: z.union([z.null(), bounded(1, ROOM_TYPE_LIMITS.sizeM2Max)], { error: 'room_type_invalid' }),
  priceBaisa: price,
  originalPriceBaisa: z.union([z.null(), price], { error: 'room_type_price_invalid' }),
  // Null: none of its own (the spec's 2.000 a night, unless a plan or a night sets one).
  extraGuestPriceBaisa: z.union([z.null(), price], { error: 'room_type_price_invalid' }),
  pointsPerStay: bounded(0, ROOM_TYPE_LIMITS.pointsMax),
  freeNightPoints: z.union([z.null(), bounded(1, ROOM_TYPE_LIMITS.pointsMax)], {
    error: 'room_type_invalid',
  }),
  vipEligible: z.boolean({ error: 'boolean_required' }),
  sortOrder: bounded(0, ROOM_TYPE_LIMITS.sortOrderMax),
  roomCount: bounded(0, ROOM_TYPE_LIMITS.roomCountMax),
};

type Occupancy = { baseOccupancy?: number; maxAdults?: number; maxChildren?: number; maxOccupancy?: number };
/** The limits agree: base and each kind of guest within the maximum, and the maximum reachable. */
function occupancyAgrees(t: Required<Occupancy>) {
  return (
    t.baseOccupancy <= t.maxOccupancy &&
    t.maxAdults <= t.maxOccupancy &&
    t.maxChildren <= t.maxOccupancy &&
    t.maxAdults + t.maxChildren >= t.maxOccupancy
  );
}

/** POST /api/admin/room-types: a new type. Sold on the standard plan at once, at `priceBaisa`. */
export const createRoomTypeSchema = z
  .object({
    code: roomTypeCodeSchema,
    ...fields,
    descriptionAr: description.default(''),
    descriptionEn: description.default(''),
    baseOccupancy: fields.baseOccupancy.default(2),
    extraBeds: fields.extraBeds.default(0),
    amenities: fields.amenities.default([]),
    sizeM2: fields.sizeM2.default(null),
    originalPriceBaisa: fields.originalPriceBaisa.default(null),
    extraGuestPriceBaisa: fields.extraGuestPriceBaisa.default(null),
    pointsPerStay: fields.pointsPerStay.default(0),
    freeNightPoints: fields.freeNightPoints.default(null),
    vipEligible: fields.vipEligible.default(true),
    sortOrder: fields.sortOrder.optional(),
  })
  .refine(occupancyAgrees, { message: 'room_type_occupancy_invalid', path: ['maxOccupancy'] });
export type CreateRoomTypeInput = z.infer<typeof createRoomTypeSchema>;

/**
 * PATCH /api/admin/room-types/:code: any of the fields, and `active` (false retires the type;
 * 409 `room_type_in_use` while bookings of it are still to come). The code never changes. The
 * occupancy limits are checked together with the stored ones by the worker.
 */
export const updateRoomTypeSchema = z
  .object(fields)
  .partial()
  .extend({ active: z.boolean({ error: 'boolean_required' }).optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'room_type_invalid' });
export type UpdateRoomTypeInput = z.infer<typeof updateRoomTypeSchema>;

/** Whether the stored limits with `patch` over them still agree (the worker's check of a PATCH). */
export function occupancyAfter(stored: Required<Occupancy>, patch: Occupancy) {
  return occupancyAgrees({
    ...stored,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  });
}
