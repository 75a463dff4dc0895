import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatBookingReference } from '@shared/booking-reference';
import { hotelToday } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { flagLabel } from '@/entities/admin/payments/payment-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { useReconcileDay } from '../api/payments';

/**
 * A manager checks a day's online payments with the provider: each checkout of that day that
 * both sides do not already agree on is asked about; what the provider was paid and the folio
 * lacks is posted as its webhook would have; the answer lists what still needs staff. The default
 * export, a lazy chunk.
 */
export default function ReconcileDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const reconcile = useReconcileDay();
  const [date, setDate] = useState(hotelToday());
  const result = reconcile.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date) reconcile.mutate(date);
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Check with the provider`}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="reconcile-dialog">
        <p className="text-slate-800">
          <Trans>
            Every online payment started that day that the provider and the folio do not already agree on is
            asked about. A payment the provider took and the folio lacks is posted to the folio.
          </Trans>
        </p>
        <DatePicker label={t`Day`} value={date} onChange={setDate} isRequired />
        {reconcile.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-2 font-medium text-red-800">
            {errorMessage(reconcile.error, t`The provider could not be asked. Please try again.`)}
          </p>
        ) : null}
        {result ? (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-xl bg-sand-50 p-3"
            data-testid="reconcile-result"
          >
            <p className="font-semibold text-slate-900">
              {t`Payments checked: ${formatCount(result.checked, language)}`}
            </p>
            {result.unanswered > 0 ? (
              <p className="text-slate-800">
                {t`The provider did not answer about ${formatCount(result.unanswered, language)}: check again later.`}
              </p>
            ) : null}
            {result.remaining > 0 ? (
              <p className="text-slate-800">
                {t`${formatCount(result.remaining, language)} more to check: check the day again.`}
              </p>
            ) : null}
            {result.payments.length === 0 ? (
              <p className="text-slate-800">
                <Trans>Nothing on that day needs you.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-1">
                {result.payments.map((p) => (
                  <li key={p.sessionId} className="text-slate-900">
                    <bdi dir="ltr">{formatBookingReference(p.bookingReference)}</bdi>{' '}
                    {formatPrice(p.amountBaisa, language)}:{' '}
                    {p.flags.map((f) => flagLabel(i18n, f)).join('; ')}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" isPending={reconcile.isPending}>
            <Trans>Check this day</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
