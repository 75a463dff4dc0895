import { queryOptions, useQueries } from '@tanstack/react-query';
import { MAX_STAY_NIGHTS, type RoomType } from '@shared/constants';
import { nightsBetween } from '@shared/money';
import { MAX_AVAILABILITY_NIGHTS } from '@shared/availability';
import { addDays, hotelToday } from '@shared/dates';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { type CalendarNights, calendarNights, firstSoldOutNight, pageStartsAround } from './stay-nights';

/**
 * GET /api/availability?roomType&from&to: each night's rooms left and price for
 * 1-2 guests, two months (MAX_AVAILABILITY_NIGHTS) a page. Pages start at today and every
 * 62 nights after it, so the months a calendar shows share their pages (and the edge cache's
 * entries) with every other guest's.
 */
export function getAvailability(roomType: RoomType, from: string) {
  return readJson(() =>
    api.availability.$get({ query: { roomType, from, to: addDays(from, MAX_AVAILABILITY_NIGHTS) } }),
  );
}

export type Availability = Awaited<ReturnType<typeof getAvailability>>;

/** Under the inventory keys: a booking or a cancellation (which invalidate those) refreshes the calendar too. */
export const availabilityKeys = {
  page: (roomType: RoomType, from: string) =>
    [...roomKeys.inventories(), 'calendar', roomType, from] as const,
};

export const availabilityQueryOptions = (roomType: RoomType, from: string) =>
  queryOptions({
    queryKey: availabilityKeys.page(roomType, from),
    queryFn: () => getAvailability(roomType, from),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });

/**
 * The nights of the pages starting at `pageStarts` for one room type, merged (ownNights count
 * one more room each: a guest moving their own booking holds those). Unknown nights (not loaded,
 * offline, beyond the pages) are missing from the map: the server decides when the request comes.
 */
export function useCalendarNights(
  roomType: RoomType | undefined,
  pageStarts: readonly string[],
  ownNights: readonly string[] = [],
): CalendarNights {
  return useQueries({
    queries: roomType ? pageStarts.map((from) => availabilityQueryOptions(roomType, from)) : [],
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
  roomType: RoomType | undefined,
  stay: { from: string; to: string } | null,
  ownNights?: readonly string[],
): string | null {
  const pages = stay ? pageStartsAround(hotelToday(), stay.from) : [];
  const nights = useCalendarNights(roomType, pages, ownNights);
  // A stay a booking can be only (the booking form's `stayWindow`): never a loop over years.
  const length = stay ? nightsBetween(stay.from, stay.to) : 0;
  return stay && length >= 1 && length <= MAX_STAY_NIGHTS
    ? firstSoldOutNight(nights, stay.from, stay.to)
    : null;
}
