import { BED_TYPES, type BedType, SMOKING_TYPES, type SmokingType } from '@shared/constants';

// Not in availability.ts: that module is in the landing's first script, and this one is only the
// booking forms'.
/**
 * Every bed type and smoking option a room type offers at all (its `bedTypes` and
 * `smokingOptions`, GET /api/room-types), in the usual order: what the booking forms offer when
 * the counts for the chosen stay cannot be known (offline, dates never looked up); the server
 * checks them when the request reaches it. Nothing while the type is unknown.
 */
export function roomTypeOptions(
  type: { bedTypes: readonly BedType[]; smokingOptions: readonly SmokingType[] } | undefined,
): { beds: BedType[]; smoking: SmokingType[] } {
  return {
    beds: BED_TYPES.filter((bed) => type?.bedTypes.includes(bed) ?? false),
    smoking: SMOKING_TYPES.filter((kind) => type?.smokingOptions.includes(kind) ?? false),
  };
}
