import { queryOptions, useQueries } from '@tanstack/react-query';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { ApiRequestError, api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';

/**
 * What a quote is asked for: a stay of a room type on a plan for `numberOfGuests`, `children` of
 * them (none when not given) and the rest adults.
 */
export type QuoteAsk = {
  roomType: RoomTypeCode;
  ratePlan: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  children?: number;
};

/**
 * GET /api/quote: the stay's price on the plan night by night, exactly as the booking would be
 * priced now, or a 422 ApiRequestError whose body names the restriction that refuses it
 * (`min_stay` ... with `restriction.minStay`, its message in the page's language).
 */
export function getQuote(ask: QuoteAsk) {
  const { numberOfGuests, children = 0, ...stay } = ask;
  return readJson(() =>
    api.quote.$get({
      query: { ...stay, adults: String(numberOfGuests - children), children: String(children) },
    }),
  );
}

export type StayQuote = Awaited<ReturnType<typeof getQuote>>;

/** Under the inventory keys: a booking or a cancellation (which invalidate those) asks again. */
export const quoteQueryOptions = (ask: QuoteAsk) =>
  queryOptions({
    queryKey: [
      ...roomKeys.inventories(),
      'quote',
      ask.roomType,
      ask.ratePlan,
      ask.checkInDate,
      ask.checkOutDate,
      ask.numberOfGuests,
      ask.children ?? 0,
    ] as const,
    queryFn: () => getQuote(ask),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    // A refusal (422) is an answer, not a failure to retry; no answer (offline) is retried.
    retry: (count, error) => count < 2 && !(error instanceof ApiRequestError),
    // The last look before booking: never kept on the device as a price to trust later.
    meta: { persist: false },
  });

/** The quotes of one stay on each of `plans` (in their order); nothing asked without a stay. */
export function useStayQuotes(stay: Omit<QuoteAsk, 'ratePlan'> | null, plans: readonly string[]) {
  return useQueries({
    queries: stay ? plans.map((ratePlan) => quoteQueryOptions({ ...stay, ratePlan })) : [],
  });
}
