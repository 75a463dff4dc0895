import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { Button, LinkButton } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { Modal } from '@/components/ui/dialog';
import type { SuccessRecord } from '@/entities/bookings/success-record';
import { hasSignedInHint } from '@/entities/session/use-current-user';
import { useRoomName } from '@/entities/rooms/room-names';
import { useRoomType } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { pointsCount } from '@/lib/counts';
import { formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { useBookingPayments } from '../api/booking-payments';
import { BookingRateSummary } from './booking-rate-summary';
import { PayButton } from './manage/payment-section';

/**
 * The confirmation a guest keeps after booking (in place of the spec's six-second toast): the
 * reference large, the stay, what happens next (the hotel's review, how they will hear of it, the
 * free-cancellation deadline), what its rate asks to be paid now with a button to pay it online,
 * the booking's own page and its calendar file. It stays until closed.
 * The default export, so the success-record checker loads it only when there is a booking to show.
 */
export default function BookingConfirmationDialog({
  record,
  onClose,
}: {
  record: SuccessRecord;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const { reference } = record;
  const until = record.freeCancellationUntil ? formatDateTime(record.freeCancellationUntil, language) : '';
  // Points are credited when the desk marks the stay completed (modules/bookings/booking-status.ts),
  // not when the booking is approved; a guest without an account earns none.
  // A plan that confirms on payment (decision 071) confirms it as soon as it is paid, not the hotel.
  const onPayment = !record.isPointsBooking && !!record.confirmsOnPayment;
  // What a stay of the type earns (its `pointsPerStay`); said only when it earns some and the type is known.
  const earned = useRoomType(record.roomType)?.pointsPerStay ?? 0;
  const earns = hasSignedInHint() && earned > 0;
  const said = record.isPointsBooking
    ? record.pointsUsed
      ? t`Your booking is approved and ${pointsCount(record.pointsUsed, language)} were used. You will find it in My bookings.`
      : t`Your booking is approved. You will find it in My bookings.`
    : onPayment
      ? earns
        ? t`Your booking is confirmed as soon as it is paid. This stay earns you ${pointsCount(earned, language)}, added to your balance when the stay is completed.`
        : t`Your booking is confirmed as soon as it is paid.`
      : earns
        ? t`We will confirm it soon. This stay earns you ${pointsCount(earned, language)}, added to your balance when the stay is completed.`
        : t`We will confirm it soon.`;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="sm"
      title={record.isPointsBooking ? t`Your free night is booked` : t`Booking request sent`}
    >
      {({ close }) => (
        <div className="flex flex-col gap-4" data-testid="booking-confirmation">
          {reference && (
            <div className="flex flex-col items-center gap-1 rounded-2xl bg-teal-50 p-4 text-center">
              <span className="text-sm font-semibold text-slate-700">
                <Trans>Booking reference</Trans>
              </span>
              <BookingReference reference={reference} className="text-3xl text-teal-900" />
              <span className="text-sm text-slate-700">
                <Trans>Keep it: with your phone number it finds your booking.</Trans>
              </span>
            </div>
          )}
          {record.checkInDate && record.checkOutDate && (
            <p className="font-semibold text-slate-900">
              {roomName(record.roomType)} · {formatDate(record.checkInDate, language)} –{' '}
              {formatDate(record.checkOutDate, language)}
            </p>
          )}
          {record.ratePlan ? (
            <div className="flex flex-col gap-1">
              {record.totalPriceBaisa != null ? (
                <p className="text-slate-800">
                  <Trans>Total</Trans>{' '}
                  <strong className="text-xl text-teal-800" data-testid="confirmation-total">
                    {formatPrice(record.totalPriceBaisa, language)}
                  </strong>
                </p>
              ) : null}
              <BookingRateSummary
                ratePlan={record.ratePlan.code}
                names={record.ratePlan}
                nightPrices={record.nightPrices}
                cancellationRule={record.cancellationRule}
              />
            </div>
          ) : null}
          {record.bookingId && !record.isPointsBooking ? (
            <DueNow
              bookingId={record.bookingId}
              nonRefundable={record.cancellationRule?.kind === 'non_refundable'}
            />
          ) : null}
          <p className="text-slate-800">{said}</p>
          <section aria-labelledby="confirmation-next" className="flex flex-col gap-2">
            <h3 id="confirmation-next" className="text-lg font-bold text-teal-800">
              <Trans>What happens next</Trans>
            </h3>
            {/* Numbered in the page's digits (one digit system per text). */}
            <ol
              className={`flex flex-col gap-1 ps-6 text-slate-800 ${language === 'ar' ? 'list-[arabic-indic]' : 'list-decimal'}`}
            >
              {onPayment ? (
                <li data-testid="confirmation-on-payment">
                  <Trans>
                    Pay online, now or later from its page: your booking is confirmed as soon as the payment
                    arrives, without waiting for the hotel.
                  </Trans>
                </li>
              ) : !record.isPointsBooking ? (
                <li>
                  <Trans>The hotel reviews your request and confirms it.</Trans>
                </li>
              ) : null}
              {record.toldBy === 'sms' ? (
                <li>
                  {onPayment ? (
                    <Trans>
                      We will send a text message to the booking's phone number with this reference and a link
                      to your booking, then its confirmation once it is paid.
                    </Trans>
                  ) : (
                    <Trans>
                      We will send a text message to the booking's phone number with this reference and a link
                      to your booking, then the hotel's answer.
                    </Trans>
                  )}
                </li>
              ) : record.toldBy === 'email' ? (
                <li>
                  {onPayment ? (
                    <Trans>
                      We will write to you by e-mail with the details, then its confirmation once it is paid.
                    </Trans>
                  ) : (
                    <Trans>We will write to you by e-mail with the details and the hotel's answer.</Trans>
                  )}
                </li>
              ) : null}
              {record.cancellationRule?.kind === 'non_refundable' ? (
                <li>
                  <Trans>
                    This rate is non-refundable: you may still cancel until check-in time on your arrival day,
                    but nothing is refunded, and it cannot be changed.
                  </Trans>
                </li>
              ) : null}
              {until && (
                <li>
                  <Trans>
                    You can cancel or change it free of charge until {until}, from its page on this device.
                  </Trans>
                </li>
              )}
            </ol>
          </section>
          {reference ? (
            <div className="flex flex-wrap gap-2">
              <LinkButton href={`/booking/${reference}`} onPress={close}>
                <Trans>Manage this booking</Trans>
              </LinkButton>
              {/* The stay as a calendar file, made by the server for whoever may see the booking. */}
              <a
                href={`/api/bookings/${reference}/calendar?lang=${language}`}
                download
                className={buttonClass('secondary')}
              >
                <Trans>Add to calendar</Trans>
              </a>
              <Button variant="ghost" onPress={close}>
                <Trans>Close</Trans>
              </Button>
            </div>
          ) : (
            <Button onPress={close}>
              <Trans>Close</Trans>
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}

/**
 * What the rate asks to be paid now (the deposit, or the whole stay on a non-refundable rate), read
 * from the server with this device's grant, and the button to pay it on the provider's page. The
 * booking is made either way: it may be paid later from its page.
 */
function DueNow({ bookingId, nonRefundable }: { bookingId: number; nonRefundable: boolean }) {
  const language = useLanguage();
  const data = useBookingPayments(bookingId).data;
  if (!data || data.purpose !== 'deposit' || data.dueNowBaisa <= 0) return null;
  const amount = formatPrice(data.dueNowBaisa, language);
  return (
    <div
      className="flex flex-col gap-2 rounded-2xl border border-teal-200 p-4"
      data-testid="confirmation-due-now"
    >
      <p className="text-slate-800">
        {nonRefundable ? <Trans>Due now (the whole stay)</Trans> : <Trans>Deposit due now</Trans>}{' '}
        <strong className="text-xl whitespace-nowrap text-teal-800" data-testid="confirmation-due-now-amount">
          {amount}
        </strong>
      </p>
      <p className="text-sm text-slate-700">
        <Trans>Your booking is made: pay now, or later from its page.</Trans>
      </p>
      <PayButton bookingId={bookingId} data={data} />
    </div>
  );
}
