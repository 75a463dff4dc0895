import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { pointsKeys } from './points-keys';

/** GET /api/point-transactions/:email: the ledger, newest first. */
export function getPointTransactions(email: string) {
  return readJson(api['point-transactions'][':email'].$get({ param: { email: encodeURIComponent(email) } }));
}

/** Spec: polled every 20 s while the page is visible. */
export const pointTransactionsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: pointsKeys.transactions(email),
    queryFn: () => getPointTransactions(email),
    refetchInterval: TIMING.transactionsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.transactionsPoll,
  });

export function usePointTransactions(email: string | undefined) {
  return useQuery({ ...pointTransactionsQueryOptions(email ?? ''), enabled: !!email });
}
