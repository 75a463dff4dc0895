import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainGuest, ChainHotel } from '@shared/chain-schemas';
import { toLatinDigits } from '@shared/digits';
import { api, readJson } from '@/lib/api-client';

/** The fewest characters the chain's guest search takes (as its schema, shared/src/chain-schemas.ts). */
export const CHAIN_GUEST_SEARCH_MIN = 2;

/** The search as sent: trimmed, digits typed in Arabic-Indic as Latin ones (one cache entry for both). */
export const chainGuestQuery = (typed: string) => toLatinDigits(typed).trim();

export const chainGuestKeys = {
  search: (q: string) => ['admin', 'chain', 'guests', q] as const,
  hotels: ['admin', 'chain', 'hotels'] as const,
};

/** GET /api/admin/chain/guests?q= (the chain manager's): the identity index, a row per account and hotel. */
export const chainGuestSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: chainGuestKeys.search(q),
    queryFn: async (): Promise<ChainGuest[]> =>
      (await readJson(api.admin.chain.guests.$get({ query: { q } }))).results,
    enabled: q.length >= CHAIN_GUEST_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { persist: false },
  });

export function useChainGuestSearch(q: string) {
  return useQuery(chainGuestSearchQueryOptions(q));
}

/** GET /api/hotels (public): the chain's hotels, for their names in the page's language. */
export function useChainHotels() {
  return useQuery({
    queryKey: chainGuestKeys.hotels,
    queryFn: async (): Promise<ChainHotel[]> => (await readJson(() => api.hotels.$get())).hotels,
    staleTime: 10 * 60_000,
  });
}

/** An account of the chain and the hotels it is known at (the index's rows grouped by e-mail). */
export type ChainGuestAccount = {
  email: string;
  fullName: string;
  phone: string | null;
  hotels: { hotel: string; role: string }[];
};

/** The index's rows (one per account and hotel) as one entry per account, in the order found. */
export function groupByAccount(rows: ChainGuest[]): ChainGuestAccount[] {
  const accounts = new Map<string, ChainGuestAccount>();
  for (const row of rows) {
    const account = accounts.get(row.email) ?? {
      email: row.email,
      fullName: row.fullName,
      phone: null,
      hotels: [],
    };
    account.phone ??= row.phone;
    account.hotels.push({ hotel: row.hotel, role: row.role });
    accounts.set(row.email, account);
  }
  return [...accounts.values()];
}
