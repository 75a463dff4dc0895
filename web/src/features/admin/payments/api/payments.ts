import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/entities/admin/payments/online-payments';
import { api, readJson } from '@/lib/api-client';
import { type PaymentFilters, paymentQuery } from '../lib/payment-filters';

/** GET /api/admin/payments: a page of checkout sessions, newest first. */
export function getPaymentPage(filters: PaymentFilters, cursor: string | null) {
  return readJson(() =>
    api.admin.payments.$get({ query: { ...paymentQuery(filters), ...(cursor ? { cursor } : {}) } }),
  );
}
export type PaymentPage = Awaited<ReturnType<typeof getPaymentPage>>;

export const paymentsQueryOptions = (filters: PaymentFilters) =>
  infiniteQueryOptions({
    queryKey: [...paymentKeys.lists(), filters] as const,
    queryFn: ({ pageParam }) => getPaymentPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    meta: { persist: false },
  });

export function usePayments(filters: PaymentFilters) {
  return useInfiniteQuery(paymentsQueryOptions(filters));
}

/** GET /api/admin/payments/events: the refused webhooks, newest first. */
export const refusedEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.events(),
    queryFn: ({ pageParam }) =>
      readJson(() => api.admin.payments.events.$get({ query: pageParam ? { cursor: pageParam } : {} })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    meta: { persist: false },
  });

export function useRefusedEvents() {
  return useInfiniteQuery(refusedEventsQueryOptions());
}

/** POST /api/admin/payments/reconcile (managers): a day's sessions checked with the provider. */
export function useReconcileDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => readJson(api.admin.payments.reconcile.$post({ json: { date } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The CSV of what the filters find (a plain link: the browser saves the file). */
export const paymentsCsvHref = (filters: PaymentFilters) => {
  const query = new URLSearchParams(paymentQuery(filters)).toString();
  return `/api/admin/payments.csv${query ? `?${query}` : ''}`;
};
