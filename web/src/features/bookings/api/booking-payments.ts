import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentPurpose } from '@shared/payments';
import { TIMING } from '@shared/constants';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, readJson } from '@/lib/api-client';

/** A booking's payments (under bookingKeys.all: a cancellation refreshes them, and its refunds show). */
export const bookingPaymentKeys = {
  of: (bookingId: number) => [...bookingKeys.all, 'payments', bookingId] as const,
};

/**
 * GET /api/booking-submissions/:id/payments (the booking's guest: signed in, or this device's
 * grant): what the plan asks as a deposit, what was paid (net of refunds), what is due now and for
 * what (`purpose`: the deposit, the balance, or nothing), what is left, whether paying online is
 * possible, and the checkouts and refunds so far (docs/decisions/071-online-payments.md).
 */
export function getBookingPayments(bookingId: number) {
  return readJson(api['booking-submissions'][':id'].payments.$get({ param: { id: String(bookingId) } }));
}
export type BookingPayments = Awaited<ReturnType<typeof getBookingPayments>>;
export type BookingPaymentSession = BookingPayments['sessions'][number];
export type BookingRefund = BookingPayments['refunds'][number];

/** How often, and for how long, the page asks again after the guest comes back from the provider. */
export const PAYMENT_RETURN_POLL = { everyMs: 2_000, forMs: 30_000 } as const;

/** A refund the provider has not confirmed yet. */
export const refundOnItsWay = (refund: BookingRefund) =>
  refund.status === 'requested' || refund.status === 'sending' || refund.status === 'sent';

/**
 * How often to ask again: every two seconds while the checkout the guest came back from
 * (`watchSessionId`) is still open, for thirty seconds after coming back (the provider's
 * webhook usually lands first); as often as the booking's page otherwise while a refund is on
 * its way or a checkout is open; not at all when nothing is moving.
 */
export function paymentsRefetchInterval(
  data: BookingPayments | undefined,
  watch: { sessionId: string | null; until: number },
  now = Date.now(),
): number | false {
  if (watch.sessionId && now < watch.until) {
    const session = data?.sessions.find((s) => String(s.id) === watch.sessionId);
    if (!session || session.status === 'open') return PAYMENT_RETURN_POLL.everyMs;
  }
  if (!data) return false;
  const moving = data.refunds.some(refundOnItsWay) || data.sessions.some((s) => s.status === 'open');
  return moving ? TIMING.bookingsPoll : false;
}

export const bookingPaymentsQueryOptions = (
  bookingId: number,
  watch: { sessionId: string | null; until: number } = { sessionId: null, until: 0 },
) =>
  queryOptions({
    queryKey: bookingPaymentKeys.of(bookingId),
    queryFn: () => getBookingPayments(bookingId),
    refetchInterval: (query) => paymentsRefetchInterval(query.state.data, watch),
    refetchIntervalInBackground: false,
    // Opening the page says what is due now, not what the device kept from before.
    refetchOnMount: 'always',
  });

export function useBookingPayments(
  bookingId: number,
  options: { enabled?: boolean; watch?: { sessionId: string | null; until: number } } = {},
) {
  return useQuery({ ...bookingPaymentsQueryOptions(bookingId, options.watch), enabled: options.enabled });
}

/**
 * POST /api/booking-submissions/:id/payments `{purpose?}`: a checkout at the provider for what is
 * due now (the server decides the amount; an open checkout for the same amount is answered again).
 * Answers `{sessionId, checkoutUrl, amountBaisa}`; the caller sends the browser to `checkoutUrl`.
 * Refused with the server's sentence: 409 `payment_nothing_due` or `booking_not_open`, 503
 * `payments_unavailable`, 502 `payment_provider_failed`.
 */
export function startBookingPayment({ bookingId, purpose }: { bookingId: number; purpose?: PaymentPurpose }) {
  return readJson(
    api['booking-submissions'][':id'].payments.$post({
      param: { id: String(bookingId) },
      json: purpose ? { purpose } : {},
    }),
  );
}

/** Leaves for the provider's page (a full navigation: the provider's page is not ours). */
export function goToCheckout(checkoutUrl: string) {
  window.location.assign(checkoutUrl);
}

export function useStartBookingPayment(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purpose?: PaymentPurpose) => startBookingPayment({ bookingId, purpose }),
    // A payment is about now: offline it fails at once with a clear message (never queued).
    networkMode: 'always',
    onSuccess: (answer) => goToCheckout(answer.checkoutUrl),
    // Refused (nothing due any more, the booking closed): what is due now is asked again.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingPaymentKeys.of(bookingId) }),
  });
}

/** After a checkout is paid or a refund confirmed: the bill and the booking (perhaps confirmed) again. */
export function refreshAfterPayment(queryClient: ReturnType<typeof useQueryClient>, bookingId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: folioKeys.detail(bookingId) }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.managedAll() }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.mine() }),
  ]);
}
