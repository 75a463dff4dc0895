import { useMutation, useQuery } from '@tanstack/react-query';
import type { MyHotel } from '@shared/chain-schemas';
import { api, readJson } from '@/lib/api-client';

/** GET /api/chain/my-hotels: the hotels this account may use as staff, this one first (decision 103). */
export function useMyHotels() {
  return useQuery({
    queryKey: ['admin', 'my-hotels'] as const,
    queryFn: async (): Promise<MyHotel[]> =>
      ((await readJson(() => api.chain['my-hotels'].$get())) as { hotels: MyHotel[] }).hotels,
    staleTime: 5 * 60_000,
    meta: { persist: false },
  });
}

/**
 * POST /api/chain/handoff as staff: the address that signs this account in at the other hotel
 * (once, within a minute), where the browser goes next.
 */
export function useSwitchHotel() {
  return useMutation({
    mutationFn: (hotel: string) =>
      readJson(api.chain.handoff.$post({ json: { hotel, next: '/admin', as: 'staff' } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
