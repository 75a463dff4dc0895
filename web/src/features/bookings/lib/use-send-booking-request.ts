import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type BookingRequest } from '@shared/booking-schemas';
import { ruleDeadline } from '@shared/stay-policy';
import { type CancellationRule } from '@shared/rates';
import { isNonRefundable } from '@shared/payments';
import { offerPushOptIn } from '@/lib/push-offer-rules';
import { showToast } from '@/components/ui/toast-queue';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { type FieldErrors } from '@/lib/field-messages';
import { writeSuccessRecord } from '@/entities/bookings/success-record';
import { isNoStockError } from '@/components/unavailable-dialog';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useRatePlans } from '@/entities/rates/get-rate-plans';
import { useCreateBooking } from '../api/create-booking';

export interface SendBookingRequestOptions {
  /** The landing page's quick booking: its failure is short. */
  quick: boolean;
  /** The request was sent or kept on the device: the form's errors go. */
  onAccepted: () => void;
  /** After a successful booking (the draft is emptied by the caller). */
  onBooked: () => void;
  /** The server's per-field errors, shown under their fields. */
  onFieldErrors: (fields: FieldErrors) => void;
  /** The server found no room left for the stay (409): the form offers alternatives. */
  onNoStock: (error: ApiRequestError) => void;
}

/**
 * Sends a checked booking request: online through the API, or, with no connection or no answer,
 * kept in the outbox on the device under the same idempotency key, so the hotel gets it once
 * however the connection fails. Says the outcome: the booking's confirmation, or a toast.
 */
export function useSendBookingRequest({
  quick,
  onAccepted,
  onBooked,
  onFieldErrors,
  onNoStock,
}: SendBookingRequestOptions) {
  const { t } = useLingui();
  const create = useCreateBooking();
  const me = useCurrentUser().data;
  const [queueing, setQueueing] = useState(false);
  const settings = useSiteSettings().data;
  /** Until when the stay may be cancelled or changed free of charge, for the confirmation (none: non-refundable). */
  const freeUntil = (checkInDate: string, rule: CancellationRule | null) => {
    if (!settings || rule?.kind === 'non_refundable') return undefined;
    return ruleDeadline(
      checkInDate,
      settings.checkInTime,
      rule,
      settings.freeCancellationHours,
    ).deadline.toISOString();
  };
  const plans = useRatePlans().data?.ratePlans;

  function send(request: BookingRequest) {
    // One key per submission: the online try and every later try from the outbox carry it,
    // so however the connection fails the server makes one booking (decision 007).
    const key = crypto.randomUUID();
    // Kept on the phone once, whichever comes first: no network, the network going while the
    // request is on its way, or no answer.
    let keptOnPhone = false;
    const keepOnPhone = async () => {
      if (keptOnPhone) return;
      keptOnPhone = true;
      setQueueing(true);
      try {
        const { enqueueEntry } = await import('@/offline/outbox');
        await enqueueEntry({
          kind: 'booking',
          id: key,
          booking: request,
          owner: me ? { userId: me.id, email: me.email } : null,
        });
        onAccepted();
        showToast({
          variant: 'success',
          title: t`Saved on your phone`,
          description: t`It will be sent when you are back online.`,
        });
        onBooked();
        // The guest may hear of staff's decision on this device (never on page load).
        offerPushOptIn();
      } catch {
        // IndexedDB refused (storage full, private mode): nothing was kept, so say so.
        showToast({
          variant: 'error',
          title: t`Error in booking`,
          description: t`No connection, and this device could not keep the request. Free some space or try again when you are online.`,
        });
      } finally {
        setQueueing(false);
      }
    };
    if (!navigator.onLine) {
      void keepOnPhone();
      return;
    }
    // The network goes while the request is on its way: the guest is told at once that it is kept
    // on the phone, not left with "Sending…" until the request gives up. It is withdrawn and the
    // outbox sends it with the same key, so if the hotel had it already, it is booked once.
    const withdraw = new AbortController();
    const wentOffline = () => {
      withdraw.abort();
      void keepOnPhone();
    };
    window.addEventListener('offline', wentOffline);
    // (Settled also when the form has closed meanwhile, unlike the callbacks below.)
    const sent = create.mutateAsync(
      { input: request, key, signal: withdraw.signal },
      {
        onSuccess: (result) => {
          if (keptOnPhone) return;
          onAccepted();
          // Spec section 4: the stored record makes the booking's confirmation (at once, and once).
          const { booking } = result;
          const plan = plans?.find((p) => p.code === booking.ratePlan);
          writeSuccessRecord({
            roomType: request.roomType,
            bedType: request.bedType,
            smokingPreference: request.smokingPreference,
            isPointsBooking: false,
            reference: result.booking.reference,
            bookingId: result.booking.id,
            freeCancellationUntil: freeUntil(request.checkInDate, booking.cancellationRule),
            ratePlan: plan
              ? { code: plan.code, nameAr: plan.nameAr, nameEn: plan.nameEn }
              : { code: booking.ratePlan, nameAr: booking.ratePlan, nameEn: booking.ratePlan },
            nightPrices: booking.nightPrices,
            totalPriceBaisa: booking.totalPriceBaisa,
            cancellationRule: booking.cancellationRule,
            // Decision 071: a plan that confirms on payment, when it asks for one.
            confirmsOnPayment:
              !!plan?.confirmOnDeposit &&
              (isNonRefundable(booking.cancellationRule) || (plan.deposit?.kind ?? 'none') !== 'none'),
            checkInDate: request.checkInDate,
            checkOutDate: request.checkOutDate,
            // The server texts the booking's phone when it has no address to write to.
            toldBy: request.email || me?.email ? 'email' : 'sms',
          });
          onBooked();
          offerPushOptIn();
        },
        onError: (error) => {
          if (keptOnPhone) return;
          if (!(error instanceof ApiRequestError)) {
            // No answer (offline, dropped, timed out): the server may have it or not. The outbox
            // asks again with the same key, so it is booked once either way.
            void keepOnPhone();
            return;
          }
          if (isNoStockError(error)) {
            onNoStock(error);
            return;
          }
          // A rate restriction (minimum stay, closed...): the server's sentence under the dates.
          if (error.status === 422 && error.body && 'restriction' in error.body.error) {
            onFieldErrors({ checkInDate: error.body.error.message });
            return;
          }
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) {
            onFieldErrors(fields);
            return;
          }
          showToast({
            variant: 'error',
            title: t`Error in booking`,
            description: quick
              ? t`Failed to create booking, please try again`
              : errorMessage(error, t`The booking could not be sent. Check your connection and try again.`),
          });
        },
      },
    );
    void sent.catch(() => undefined).finally(() => window.removeEventListener('offline', wentOffline));
  }

  return { send, isPending: create.isPending || queueing };
}
