import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '@/components/load-error';
import { paymentOfLine, useBookingPayments } from '@/entities/admin/payments/online-payments';
import { OnlineRefundForm } from '@/entities/admin/payments/online-refund-form';
import { errorMessage } from '@/lib/api-client';

/**
 * The folio's refund of an online payment line: money paid at the provider goes back only through
 * it (the desk's own refund refuses such a line), so the line's checkout session is found among
 * the booking's and its refund asked of the provider. The default export, a lazy chunk.
 */
export default function OnlineLineRefund({
  bookingId,
  lineId,
  onDone,
}: {
  bookingId: number;
  lineId: number;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const payments = useBookingPayments(bookingId);
  if (payments.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Finding the online payment…</Trans>
      </p>
    );
  }
  if (payments.isError) {
    return (
      <LoadError onRetry={() => void payments.refetch()}>
        {errorMessage(payments.error, t`The online payment could not be found.`)}
      </LoadError>
    );
  }
  const payment = paymentOfLine(payments.data.payments, lineId);
  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:p-4"
      data-testid="folio-online-refund"
    >
      <h3 className="text-lg font-bold text-teal-800">
        <Trans>Refund an online payment</Trans>
      </h3>
      {payment ? (
        <OnlineRefundForm payment={payment} onDone={onDone} onCancel={onDone} />
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-2 font-medium text-red-800">
          <Trans>
            This payment's online checkout was not found: refund it from the online payments screen.
          </Trans>
        </p>
      )}
    </section>
  );
}
