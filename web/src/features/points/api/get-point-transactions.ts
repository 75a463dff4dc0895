import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/src/constants';
import { requestJson } from '../../../lib/api-client';
import { pointsKeys } from './points-keys';

export type PointTransaction = {
  id: number;
  /** Signed: earnings are positive, reversals and purchases negative. */
  pointsEarned: number;
  kind: 'earn' | 'reversal' | 'redeem' | 'refund' | (string & {});
  reason: string;
  reasonAr: string;
  bookingId: number | null;
  createdAt: string | number;
};

/** GET /api/point-transactions/:email: the ledger, newest first. */
export function getPointTransactions(email: string) {
  return requestJson<PointTransaction[]>(`/point-transactions/${encodeURIComponent(email)}`);
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
