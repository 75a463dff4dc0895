import { queryOptions, useQueries } from '@tanstack/react-query';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { nightsBetween } from '@shared/money';
import { MAX_AVAILABILITY_NIGHTS } from '@shared/availability';
import { addDays, hotelToday } from '@shared/dates';
import { STANDARD_RATE_PLAN } from '@shared/rates';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { type CalendarNights, calendarNights, firstSoldOutNight, pageStartsAround } from './stay-nights';

/**
 * The plan and guests a calendar's prices are for (the standard plan for two adults by default):
 * `numberOfGuests` in all, `children` of them (none when not given) and the rest adults.
 */
export type CalendarPlan = { ratePlan: string; numberOfGuests: number; children?: number };
const STANDARD_FOR_TWO: CalendarPlan = { ratePlan: STANDARD_RATE_PLAN, numberOfGuests: 2 };

/**
 * GET /api/availability?roomType&from&to&ratePlan&adults&children: each night's rooms left, price on
 * the plan for the guests and restrictions, two months (MAX_AVAILABILITY_NIGHTS) a page. Pages
 * start at today and every 62 nights after it, so the months a calendar shows share their pages
 * (and the edge cache's entries) with every other guest's.
 */
export function getAvailability(roomType: RoomTypeCode, from: string, plan: CalendarPlan = STANDARD_FOR_TWO) {
  return readJson(() =>
    api.availability.$get({
      query: {
        roomType,
        from,
        to: addDays(from, MAX_AVAILABILITY_NIGHTS),
        ratePlan: plan.ratePlan,
        adults: String(plan.numberOfGuests - (plan.children ?? 0)),
        children: String(plan.children ?? 0),
      },
    }),
  );
}

export type Availability = Awaited<ReturnType<typeof getAvailability>>;

/** Under the inventory keys: a booking or a cancellation (which invalidate those) refreshes the calendar too. */
export const availabilityKeys = {
  page: (roomType: RoomTypeCode, from: string, plan: CalendarPlan = STANDARD_FOR_TWO) =>
    [
      ...roomKeys.inventories(),
      'calendar',
      roomType,
      from,
      plan.ratePlan,
      plan.numberOfGuests,
      plan.children ?? 0,
    ] as const,
};

export const availabilityQueryOptions = (
  roomType: RoomTypeCode,
  from: string,
  plan: CalendarPlan = STANDARD_FOR_TWO,
) =>
  queryOptions({
    queryKey: availabilityKeys.page(roomType, from, plan),
    queryFn: () => getAvailability(roomType, from, plan),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });

/**
 * The nights of the pages starting at `pageStarts` for one room type on a plan for a number of
 * guests, merged (ownNights count one more room each: a guest moving their own booking holds
 * those). Unknown nights (not loaded, offline, beyond the pages) are missing from the map: the
 * server decides when the request comes.
 */
export function useCalendarNights(
  roomType: RoomTypeCode | undefined,
  pageStarts: readonly string[],
  ownNights: readonly string[] = [],
  plan: CalendarPlan = STANDARD_FOR_TWO,
): CalendarNights {
  return useQueries({
    queries: roomType ? pageStarts.map((from) => availabilityQueryOptions(roomType, from, plan)) : [],
    combine: (results) =>
      calendarNights(
        results.flatMap((r) => r.data?.nights ?? []),
        ownNights,
      ),
  });
}

/**
 * The first sold-out night of a chosen stay (null: none known), from the same pages the
 * calendar reads: a form refuses to send such a stay, the calendar says which night it is.
 */
export function useSoldOutNightOf(
  roomType: RoomTypeCode | undefined,
  stay: { from: string; to: string } | null,
  ownNights?: readonly string[],
  plan?: CalendarPlan,
): string | null {
  const pages = stay ? pageStartsAround(hotelToday(), stay.from) : [];
  const nights = useCalendarNights(roomType, pages, ownNights, plan);
  // A stay a booking can be only (the booking form's `stayWindow`): never a loop over years.
  const length = stay ? nightsBetween(stay.from, stay.to) : 0;
  return stay && length >= 1 && length <= MAX_STAY_NIGHTS
    ? firstSoldOutNight(nights, stay.from, stay.to)
    : null;
}
