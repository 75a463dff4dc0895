import {
  BED_TYPES,
  type BedType,
  ROOM_INVENTORY,
  type RoomType,
  SMOKING_TYPES,
  type SmokingType,
} from '@shared/constants';

// Not in availability.ts: that module is in the landing's first script, and this one (with the
// inventory caps) is only the booking form's.
/**
 * Every bed type and smoking option a room type has at all (its cap above 0, admin spec
 * section 9), in the usual order: what the booking form offers when the counts for the
 * chosen stay cannot be known (offline, dates never looked up); the server checks them
 * when the request reaches it.
 */
export function roomTypeOptions(roomType: RoomType): { beds: BedType[]; smoking: SmokingType[] } {
  const inventory = ROOM_INVENTORY[roomType];
  return {
    beds: BED_TYPES.filter((bed) => inventory.beds[bed].cap > 0),
    smoking: SMOKING_TYPES.filter((kind) => inventory.smoking[kind].cap > 0),
  };
}
