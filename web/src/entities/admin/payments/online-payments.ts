import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentListRow } from '@shared/payment-admin-schemas';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, readJson } from '@/lib/api-client';

/**
 * Online payments as staff reach them from more than one screen (the payments list and a stay's
 * folio): their query keys, a booking's checkout sessions, and the refund asked of the provider
 * (POST /api/admin/payments/:sessionId/refunds, decision 071).
 */
export const paymentKeys = {
  all: ['admin', 'payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  booking: (bookingId: number) => [...paymentKeys.all, 'booking', bookingId] as const,
  events: () => [...paymentKeys.all, 'events'] as const,
};

/** GET /api/admin/payments?booking=: one booking's checkout sessions. */
export function getBookingPayments(bookingId: number): Promise<{ payments: PaymentListRow[] }> {
  return readJson(() => api.admin.payments.$get({ query: { booking: String(bookingId) } }));
}

export const bookingPaymentsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: paymentKeys.booking(bookingId),
    queryFn: () => getBookingPayments(bookingId),
    staleTime: 0,
    meta: { persist: false },
  });

export function useBookingPayments(bookingId: number) {
  return useQuery(bookingPaymentsQueryOptions(bookingId));
}

/** The checkout session an online folio line came from (its payment line), if any. */
export function paymentOfLine(payments: readonly PaymentListRow[], lineId: number): PaymentListRow | null {
  return payments.find((p) => p.paymentLineId === lineId) ?? null;
}

/** What the refund's request answers (202): the staff's sentence and the refund queued. */
export type RefundRequested = {
  message: string;
  refund: { id: number; amountBaisa: number; status: string };
};

/**
 * Asks the provider to refund (part of) an online payment, with an `Idempotency-Key` made for that
 * one request. The payments, the folio and the desk's balances are asked again once it is settled.
 */
export function useRefundOnlinePayment(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      sessionId,
      amountBaisa,
      reason,
      key,
    }: {
      sessionId: number;
      amountBaisa: number;
      reason: string;
      key: string;
    }) =>
      readJson(
        api.admin.payments[':sessionId'].refunds.$post(
          { param: { sessionId: String(sessionId) }, json: { amountBaisa, reason } },
          { headers: { 'Idempotency-Key': key } },
        ),
      ) as Promise<RefundRequested>,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: folioKeys.detail(bookingId) }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]),
  });
}
