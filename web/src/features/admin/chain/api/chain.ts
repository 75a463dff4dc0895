import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainReport } from '@shared/chain-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the chain's reports (docs/decisions/103): the chain manager's. */
export const chainKeys = {
  flash: (date: string) => ['admin', 'chain', 'flash', date] as const,
  month: (month: string) => ['admin', 'chain', 'month', month] as const,
};

/** The day the screen opens on: yesterday (hotel time), the last day the hotels closed. */
export const defaultChainDate = () => addDays(hotelToday(), -1);

/** GET /api/admin/chain/flash?date=: each hotel's closed day and the chain's total. */
export const chainFlashQueryOptions = (date: string) =>
  queryOptions({
    queryKey: chainKeys.flash(date),
    queryFn: (): Promise<ChainReport> => readJson(() => api.admin.chain.flash.$get({ query: { date } })),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useChainFlash(date: string) {
  return useQuery(chainFlashQueryOptions(date));
}

/** GET /api/admin/chain/month?month=: the month's closed days by hotel and in total. */
export function useChainMonth(month: string) {
  return useQuery({
    queryKey: chainKeys.month(month),
    queryFn: (): Promise<ChainReport> => readJson(() => api.admin.chain.month.$get({ query: { month } })),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const chainFirstQueries = () => [chainFlashQueryOptions(defaultChainDate())];
