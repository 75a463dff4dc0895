import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import { type StayPurchase, usePayPurchase } from '../../api/stay-extras';

const STATUS_CLASS: Record<StayPurchase['status'], string> = {
  confirmed: 'bg-teal-50 text-teal-900',
  requested: 'bg-amber-100 text-amber-950',
  declined: 'bg-red-50 text-red-800',
  expired: 'bg-sand-100 text-slate-800',
  cancelled: 'bg-sand-100 text-slate-800',
};

/**
 * What the stay has bought or asked for (GET /api/booking-submissions/:id/purchases): each with its
 * state (added, waiting for the front desk, declined and why, expired, cancelled), its hour or
 * flight, and, where its plan takes a deposit, Pay online until it is paid.
 */
export function StayPurchases({ bookingId, purchases }: { bookingId: number; purchases: StayPurchase[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const online = useOnline();
  const pay = usePayPurchase(bookingId);
  if (purchases.length === 0) return null;
  const statusLabel: Record<StayPurchase['status'], string> = {
    confirmed: t`Added`,
    requested: t`Waiting for the front desk`,
    declined: t`Declined`,
    expired: t`Not answered in time`,
    cancelled: t`Cancelled`,
  };
  return (
    <section
      aria-labelledby="extras-purchases-heading"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="stay-purchases"
    >
      <h2 id="extras-purchases-heading" className="text-xl font-bold text-slate-900">
        <Trans>Your extras</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-sand-200">
        {purchases.map((p) => (
          <li
            key={p.id}
            className="flex flex-col gap-1 py-3"
            data-testid="stay-purchase"
            data-status={p.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">{language === 'ar' ? p.nameAr : p.nameEn}</p>
              <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_CLASS[p.status]}`}>
                {statusLabel[p.status]}
              </span>
            </div>
            <p className="text-sm text-slate-700">
              {p.kind === 'upgrade' && p.toRoomType ? (
                <Trans>Your room: {roomName(p.toRoomType)}</Trans>
              ) : p.kind === 'transfer' && p.flightNumber && p.time ? (
                <Trans>
                  Flight <bdi dir="ltr">{p.flightNumber}</bdi>, landing{' '}
                  <bdi>{formatTimeOfDay(p.time, language)}</bdi>
                  {p.quantity > 1 ? <>, {formatCount(p.quantity, language)} cars</> : null}
                </Trans>
              ) : p.time ? (
                <bdi>{formatTimeOfDay(p.time, language)}</bdi>
              ) : p.quantity > 1 ? (
                <Trans>Quantity: {formatCount(p.quantity, language)}</Trans>
              ) : null}{' '}
              <strong>{formatPrice(p.totalBaisa, language)}</strong>
            </p>
            {p.status === 'declined' && p.declineReason ? (
              <p className="text-sm text-red-800">
                <Trans>The front desk said: {p.declineReason}</Trans>
              </p>
            ) : null}
            {p.status === 'confirmed' && p.payOnline ? (
              p.paid ? (
                <p className="text-sm font-semibold text-teal-900">
                  <Trans>Paid online</Trans>
                </p>
              ) : (
                <Button
                  variant="secondary"
                  className="self-start"
                  isDisabled={!online}
                  isPending={pay.isPending && pay.variables === p.id}
                  onPress={() =>
                    pay.mutate(p.id, {
                      onSuccess: (opened) => window.location.assign(opened.checkoutUrl),
                      onError: (failure) =>
                        showToast({
                          variant: 'error',
                          title: t`The payment could not be started`,
                          description: errorMessage(failure, t`Please try again.`),
                        }),
                    })
                  }
                >
                  <Trans>Pay online now</Trans>
                </Button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
