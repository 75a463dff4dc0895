import { useQuery } from '@tanstack/react-query';
import type { ChainHotel } from '@shared/chain-schemas';
import { api, readJson } from '@/lib/api-client';

/** A stay of the signed-in account at a hotel of the chain (GET /api/chain/my-stays). */
export type ChainStay = {
  hotel: ChainHotel;
  booking: { id: number; reference: string; status: string; checkInDate: string; checkOutDate: string };
};

/**
 * The account's stays at every hotel of the chain, newest first (docs/decisions/103): each hotel
 * answers from its own database; one list for the guest's one account.
 */
export function useChainStays() {
  return useQuery({
    queryKey: ['account', 'chain-stays'] as const,
    queryFn: async (): Promise<ChainStay[]> =>
      ((await readJson(() => api.chain['my-stays'].$get())) as { stays: ChainStay[] }).stays,
    staleTime: 60_000,
  });
}
