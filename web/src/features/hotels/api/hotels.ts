import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChainAvailabilityHotel, ChainHotel } from '@shared/chain-schemas';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the chain's hotels and a search across them (docs/decisions/103). */
export const hotelKeys = {
  all: ['hotels'] as const,
  availability: (from: string, to: string, adults: number) =>
    ['hotels', 'availability', from, to, adults] as const,
};

/** GET /api/hotels (public): the chain's hotels, where each is served, which one this is. */
export const hotelsQueryOptions = () =>
  queryOptions({
    queryKey: hotelKeys.all,
    queryFn: (): Promise<{ hotels: ChainHotel[] }> => readJson(() => api.hotels.$get()),
    staleTime: 10 * 60_000,
  });

export function useHotels() {
  return useQuery(hotelsQueryOptions());
}

/** GET /api/chain/availability: each hotel's rooms left and price for the stay, side by side. */
export function useChainAvailability(search: { from: string; to: string; adults: number } | null) {
  return useQuery({
    queryKey: hotelKeys.availability(search?.from ?? '', search?.to ?? '', search?.adults ?? 0),
    queryFn: (): Promise<{ hotels: ChainAvailabilityHotel[] }> =>
      readJson(() =>
        api.chain.availability.$get({
          query: { from: search!.from, to: search!.to, adults: String(search!.adults) },
        }),
      ),
    enabled: search !== null,
    meta: { persist: false },
  });
}

/**
 * POST /api/chain/handoff as a guest: the address that signs this account in at the other hotel
 * (once, within a minute) and opens `next` there, where the browser goes.
 */
export function useGoToHotel() {
  return useMutation({
    mutationFn: ({ hotel, next }: { hotel: string; next: string }) =>
      readJson(api.chain.handoff.$post({ json: { hotel, next, as: 'guest' } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const hotelsFirstQueries = () => [hotelsQueryOptions()];
