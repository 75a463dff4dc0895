import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { DEFAULT_EXTRA_GUEST_BAISA, STANDARD_RATE_PLAN } from '@shared/rates';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/rate-plans: the plans a guest may book (names in both languages, the room types each
 * sells, breakfast, its cancellation and deposit rules, what each further guest adds a night in
 * each type). Kept in the persisted cache, so the
 * booking form offers them offline as last loaded.
 */
export function getRatePlans() {
  return readJson(() => api['rate-plans'].$get());
}

export type SellableRatePlan = Awaited<ReturnType<typeof getRatePlans>>['ratePlans'][number];

export const ratePlanKeys = { all: ['rate-plans'] as const };

export const ratePlansQueryOptions = () =>
  queryOptions({ queryKey: ratePlanKeys.all, queryFn: getRatePlans, staleTime: 5 * 60_000 });

export function useRatePlans() {
  return useQuery(ratePlansQueryOptions());
}

/** The plans that sell `roomType`, `standard` first, the rest in the hotel's order. */
export function plansForRoomType(
  plans: readonly SellableRatePlan[] | undefined,
  roomType: RoomTypeCode | undefined,
): SellableRatePlan[] {
  if (!plans || !roomType) return [];
  const selling = plans.filter((p) => p.roomTypes.includes(roomType));
  return [
    ...selling.filter((p) => p.code === STANDARD_RATE_PLAN),
    ...selling.filter((p) => p.code !== STANDARD_RATE_PLAN),
  ];
}

/**
 * What each guest beyond the room type's base occupancy adds a night on `plan` (the server's figure
 * for the type, from the one pricing rule); a plan not known on the device (a company's private
 * plan, or none loaded yet): the type's own, else the spec's 2.000. A night of the rate calendar
 * may set its own: the quote then says the stay's price.
 */
export function extraGuestBaisaOf(
  plan: SellableRatePlan | undefined,
  type: { code: RoomTypeCode; extraGuestPriceBaisa?: number | null } | undefined,
): number {
  if (!type) return DEFAULT_EXTRA_GUEST_BAISA;
  return plan?.extraGuestBaisa[type.code] ?? type.extraGuestPriceBaisa ?? DEFAULT_EXTRA_GUEST_BAISA;
}
