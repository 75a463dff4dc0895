import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatBookingReference } from '@shared/booking-reference';
import { formatOmr } from '@shared/money';
import { type PaymentListRow, refundableBaisa } from '@shared/payment-admin-schemas';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { AmountField, amountOf, ReasonField } from '@/entities/admin/folio/money-fields';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useRefundOnlinePayment } from './online-payments';

/**
 * A refund of an online payment, asked of the provider (decision 071): the amount is filled in
 * with what the payment has left, a reason is required, and a refusal (more than is left, a
 * payment not refundable) is shown in the user's language. The money goes back through the
 * provider; the folio's refund line comes when the provider confirms it. One `Idempotency-Key`
 * per request: the same again after a lost answer, a new one once the server has answered.
 */
export function OnlineRefundForm({
  payment,
  onDone,
  onCancel,
}: {
  payment: PaymentListRow;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const refund = useRefundOnlinePayment(payment.bookingId);
  const left = refundableBaisa(payment);
  const [amount, setAmount] = useState(left > 0 ? formatOmr(left, language) : '');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const most = formatPrice(left, language);
  const paid = formatPrice(payment.amountBaisa, language);
  const reference = formatBookingReference(payment.bookingReference);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const local: Record<string, string> = {};
    const money = amountOf(amount, t`Enter the amount in rials, e.g. 12.500`);
    if ('error' in money) local.amountBaisa = money.error;
    else if (money.baisa > left) local.amountBaisa = t`At most ${most}`;
    if (!reason.trim()) local.reason = t`Say why the payment is refunded`;
    if (Object.keys(local).length > 0 || 'error' in money) {
      setErrors(local);
      return;
    }
    refund.mutate(
      { sessionId: payment.sessionId, amountBaisa: money.baisa, reason: reason.trim(), key },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status > 0) setKey(crypto.randomUUID());
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) {
            setRefusal(errorMessage(error, t`That did not work. Please try again.`));
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="online-refund-form">
      <p className="text-slate-800">
        <Trans>
          Online payment of <bdi className="font-semibold">{paid}</bdi> for booking{' '}
          <bdi dir="ltr">{reference}</bdi>. The money goes back to the guest's card through the payment
          provider; the folio shows the refund once the provider confirms it.
        </Trans>
      </p>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors((e) => ({ ...e, amountBaisa: '' }));
        }}
        error={errors.amountBaisa || undefined}
        description={t`At most ${most}`}
      />
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setErrors((e) => ({ ...e, reason: '' }));
        }}
        error={errors.reason || undefined}
      />
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-2 font-medium text-red-800"
          data-testid="refund-refusal"
        >
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" isPending={refund.isPending} data-testid="refund-submit">
          <Trans>Ask the provider to refund</Trans>
        </Button>
      </div>
    </form>
  );
}
