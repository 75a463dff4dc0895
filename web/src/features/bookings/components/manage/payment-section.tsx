import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PAYMENT_LIMITS, type PaymentPurpose } from '@shared/payments';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useSearchParams } from '@/lib/router';
import { useOnline } from '@/lib/use-online';
import {
  type BookingPayments,
  type BookingRefund,
  PAYMENT_RETURN_POLL,
  refreshAfterPayment,
  refundOnItsWay,
  useBookingPayments,
  useStartBookingPayment,
} from '../../api/booking-payments';
import type { ManagedBooking } from '../../api/managed-booking';

/**
 * The booking page's payment: what the plan asks to be paid now (the deposit, or the whole stay on
 * a non-refundable rate), what was paid, what is left to pay at the hotel, a button to pay online
 * on the provider's page (docs/decisions/071-online-payments.md), and the refunds on their way. Back
 * from the provider (`?payment=<session>`, `&cancelled=1` when the guest left without paying), it
 * says how that checkout ended, asking again every two seconds for half a minute while the
 * provider's word is on its way. Offline it shows what this device last read and cannot pay.
 */
export function PaymentSection({ booking }: { booking: ManagedBooking }) {
  const [search] = useSearchParams();
  const returnedFrom = search.get('payment');
  const cancelled = search.get('cancelled') === '1';
  // The half minute of asking starts when the page opens back from the provider.
  const [until] = useState(() => Date.now() + PAYMENT_RETURN_POLL.forMs);
  const payments = useBookingPayments(booking.id, {
    enabled: !booking.isPointsBooking,
    watch: { sessionId: returnedFrom && !cancelled ? returnedFrom : null, until },
  });
  useRefreshWhenSettled(booking.id, payments.data);
  const data = payments.data;
  if (booking.isPointsBooking || !data) return null;
  if (!returnedFrom && !worthShowing(data)) return null;

  return (
    <section
      aria-labelledby="booking-payment-heading"
      data-testid="booking-payment"
      // The booking page's other sections' card (managed-booking-details.tsx).
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="booking-payment-heading" className="text-xl font-bold text-slate-900">
        <Trans>Payment</Trans>
      </h2>
      {/* Once the booking is cancelled the notice of how a checkout ended is old news: its refund says the rest. */}
      {returnedFrom && booking.status !== 'cancelled' ? (
        <ReturnNotice data={data} sessionId={returnedFrom} cancelled={cancelled} until={until} />
      ) : null}
      <PaymentFigures data={data} nonRefundable={booking.cancellationRule?.kind === 'non_refundable'} />
      <PayButton bookingId={booking.id} data={data} />
      {data.refunds.length > 0 ? <Refunds refunds={data.refunds} /> : null}
    </section>
  );
}

/** Anything to say: a deposit asked, something paid, being paid or refunded. */
function worthShowing(data: BookingPayments): boolean {
  return (
    data.depositDueBaisa > 0 || data.paidBaisa > 0 || data.sessions.length > 0 || data.refunds.length > 0
  );
}

/**
 * What the Pay button pays, and how much: the deposit still due (the whole stay on a
 * non-refundable rate), or, once a deposit the plan asked for is paid, the balance left (the
 * server's `outstandingBaisa`). A plan that asks nothing in advance is paid at the hotel.
 */
export function payableNow(data: BookingPayments): { purpose: PaymentPurpose; amountBaisa: number } | null {
  if (data.purpose === 'deposit' && data.dueNowBaisa > 0) {
    return { purpose: 'deposit', amountBaisa: data.dueNowBaisa };
  }
  if (data.purpose === 'balance' && data.depositDueBaisa > 0 && data.outstandingBaisa > 0) {
    return { purpose: 'balance', amountBaisa: data.outstandingBaisa };
  }
  return null;
}

/** Whether `amountBaisa` can be paid online: the provider takes no order under 100 baisa. */
export const payableOnline = (amountBaisa: number) => amountBaisa >= PAYMENT_LIMITS.minOnlineBaisa;

/**
 * When a checkout is paid or a refund confirmed, the bill (its new line) and the booking (a plan
 * may confirm the request as its deposit is paid) are read again.
 */
function useRefreshWhenSettled(bookingId: number, data: BookingPayments | undefined) {
  const queryClient = useQueryClient();
  const settled = data
    ? [
        ...data.sessions.filter((s) => s.status === 'paid').map((s) => `p${s.id}`),
        ...data.refunds.filter((r) => r.status === 'succeeded').map((r) => `r${r.id}`),
      ].join()
    : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (settled === null) return;
    if (seen.current !== null && seen.current !== settled) void refreshAfterPayment(queryClient, bookingId);
    seen.current = settled;
  }, [settled, bookingId, queryClient]);
}

/** How the checkout the guest came back from ended, or that its word is still on its way. */
function ReturnNotice({
  data,
  sessionId,
  cancelled,
  until,
}: {
  data: BookingPayments;
  sessionId: string;
  cancelled: boolean;
  until: number;
}) {
  const language = useLanguage();
  const session = data.sessions.find((s) => String(s.id) === sessionId);
  const late = useAfter(until);
  if (cancelled && session?.status !== 'paid') {
    return (
      <Notice tone="warn" testId="payment-not-completed">
        <Trans>Payment not completed; you can try again.</Trans>
      </Notice>
    );
  }
  if (session?.status === 'paid') {
    const amount = formatPrice(session.amountBaisa, language);
    return (
      <Notice tone="good" testId="payment-received">
        {/* The amount last: "ر.ع." followed by a full stop would read doubled. */}
        <Trans>
          Payment received, thank you: <bdi>{amount}</bdi>
        </Trans>
      </Notice>
    );
  }
  if (session?.status === 'failed' || session?.status === 'expired') {
    return (
      <Notice tone="warn" testId="payment-failed">
        <Trans>The payment did not go through, and nothing was taken. You can try again.</Trans>
      </Notice>
    );
  }
  return late ? (
    <Notice tone="info" testId="payment-confirming">
      <Trans>
        Your payment is being confirmed with the payment provider. This page shows it as soon as it is.
      </Trans>
    </Notice>
  ) : (
    <Notice tone="info" testId="payment-checking">
      <Trans>Checking your payment…</Trans>
    </Notice>
  );
}

/** True once `at` (epoch ms) has passed, re-rendering then. */
function useAfter(at: number): boolean {
  const [passed, setPassed] = useState(() => Date.now() >= at);
  useEffect(() => {
    if (passed) return;
    const id = window.setTimeout(() => setPassed(true), Math.max(0, at - Date.now()));
    return () => window.clearTimeout(id);
  }, [at, passed]);
  return passed;
}

const TONE = {
  good: 'bg-emerald-50 text-emerald-950 ring-1 ring-emerald-300',
  warn: 'bg-amber-50 text-amber-950 ring-1 ring-amber-300',
  info: 'bg-sand-50 text-slate-900 ring-1 ring-sand-200',
} as const;

function Notice({
  tone,
  testId,
  children,
}: {
  tone: keyof typeof TONE;
  testId: string;
  children: ReactNode;
}) {
  return (
    <p role="status" className={`rounded-xl p-3 font-semibold ${TONE[tone]}`} data-testid={testId}>
      {children}
    </p>
  );
}

/** Due now, paid, and what is left to pay at the hotel, each through the app's money formatter. */
function PaymentFigures({ data, nonRefundable }: { data: BookingPayments; nonRefundable: boolean }) {
  const language = useLanguage();
  const dueNow = data.purpose === 'deposit' ? data.dueNowBaisa : 0;
  const left = Math.max(0, data.outstandingBaisa - dueNow);
  const balance = payableNow(data);
  const leftPayableOnline =
    data.onlineAvailable && balance?.purpose === 'balance' && payableOnline(balance.amountBaisa);
  const rows: { key: string; label: ReactNode; value: number; strong?: boolean }[] = [];
  if (dueNow > 0) {
    rows.push({
      key: 'due-now',
      label: nonRefundable ? <Trans>Due now (the whole stay)</Trans> : <Trans>Deposit due now</Trans>,
      value: dueNow,
      strong: true,
    });
  }
  if (data.paidBaisa > 0) rows.push({ key: 'paid', label: <Trans>Paid</Trans>, value: data.paidBaisa });
  if (left > 0) {
    rows.push({
      key: 'left',
      label: leftPayableOnline ? <Trans>Left to pay</Trans> : <Trans>Left to pay at the hotel</Trans>,
      value: left,
    });
  }
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map((row) => (
        <div key={row.key} className="contents" data-testid={`payment-${row.key}`}>
          <dt className="text-slate-600">{row.label}</dt>
          <dd
            className={`text-end font-semibold whitespace-nowrap ${row.strong ? 'text-lg text-teal-800' : 'text-slate-900'}`}
          >
            {formatPrice(row.value, language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Pay now on the provider's page: the deposit (or the whole stay on a non-refundable rate), or,
 * once that is paid, the balance. Disabled offline, with why; a refusal says the server's words.
 * An amount under the provider's least order (100 baisa) is not offered: a sentence says it is
 * paid at the hotel (the server refuses it too, `payment_below_minimum`).
 */
export function PayButton({
  bookingId,
  data,
  className = '',
}: {
  bookingId: number;
  data: BookingPayments;
  className?: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const start = useStartBookingPayment(bookingId);
  const payable = payableNow(data);
  if (!payable) return null;
  const { purpose } = payable;
  if (!data.onlineAvailable) {
    return (
      <p className="text-sm text-slate-700" data-testid="payment-unavailable">
        <Trans>Paying online is not available at the moment: you can pay at the hotel.</Trans>
      </p>
    );
  }
  const amount = formatPrice(payable.amountBaisa, language);
  if (!payableOnline(payable.amountBaisa)) {
    const least = formatPrice(PAYMENT_LIMITS.minOnlineBaisa, language);
    return (
      <p className="text-sm text-slate-700" data-testid="payment-below-minimum">
        <Trans>
          Amounts under <bdi>{least}</bdi> cannot be paid online: please pay <bdi>{amount}</bdi> at the hotel.
        </Trans>
      </p>
    );
  }
  // Navigating to the provider keeps the button busy until the page goes.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <Button
        className="self-start"
        isDisabled={!online}
        isPending={busy}
        onPress={() => start.mutate(purpose)}
        aria-describedby={!online ? `pay-offline-${bookingId}` : undefined}
        data-testid="pay-now"
      >
        {/* One run of text: the button's flex gap would space out the words around the amount. */}
        <span>
          {purpose === 'deposit' ? (
            <Trans>
              Pay <bdi>{amount}</bdi> now
            </Trans>
          ) : (
            <Trans>
              Pay the balance, <bdi>{amount}</bdi>
            </Trans>
          )}
        </span>
      </Button>
      {!online ? (
        <p id={`pay-offline-${bookingId}`} className="text-sm text-slate-700" data-testid="pay-offline">
          <Trans>You are offline: connect to the internet to pay.</Trans>
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>
            You pay on the payment provider’s secure page; your card details never reach the hotel.
          </Trans>
        </p>
      )}
      {start.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="pay-refused">
          {errorMessage(
            start.error,
            t`The payment could not be started. Check your connection and try again.`,
          )}
        </p>
      ) : null}
    </div>
  );
}

/** The refunds of the booking's online payments, each with where it stands. */
function Refunds({ refunds }: { refunds: BookingRefund[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <ul className="flex flex-col gap-2" aria-label={t`Refunds`}>
      {refunds.map((refund) => {
        const amount = formatPrice(refund.amountBaisa, language);
        return (
          <li
            key={refund.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-50 p-3"
            data-testid="payment-refund"
            data-status={refund.status}
          >
            <span className="font-semibold text-slate-900">
              {refund.status === 'succeeded' ? (
                <Trans>
                  Refunded <bdi>{amount}</bdi>
                </Trans>
              ) : refundOnItsWay(refund) ? (
                <Trans>
                  Refund of <bdi>{amount}</bdi> on its way
                </Trans>
              ) : (
                <Trans>
                  Refund of <bdi>{amount}</bdi> delayed: the hotel will contact you
                </Trans>
              )}
            </span>
            <span className="text-sm text-slate-600">
              {formatDateTime(refund.settledAt ?? refund.createdAt, language)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
