import { Trans, useLingui } from '@lingui/react/macro';
import { LinkButton } from '@/components/ui/button';
import { labelOf } from '@/entities/bookings/booking-labels';
import {
  STAY_REQUEST_STATUS_CLASS,
  STAY_REQUEST_STATUS_LABELS,
  STAY_REQUEST_TYPE_LABELS,
} from '@/entities/stay-requests/stay-request-labels';
import { useLanguage } from '@/hooks/use-language';
import { StayRequestForm } from '@/entities/stay-requests/stay-request-form';
import { formatDateTime } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import type { ManagedBooking } from '../../api/managed-booking';
import { type GuestStayRequest, useSendStayRequest, useStayRequests } from '../../api/stay-requests';

/**
 * The booking page's requests during the stay: while the guest is in house
 * (checked in, not checked out), towels, cleaning, a late check-out (the time asked for), a
 * repair or anything else (a note), sent to the staff's queue; then "My requests" with each one's
 * status and the staff's note, polled while the page is open. Offline it says so and waits.
 */
export function StayRequestsSection({ booking }: { booking: ManagedBooking }) {
  // In house: checked in at the desk (the managed view's `stay`; a page kept on the device from
  // before it has none, and then the requests' own answer says whether the guest is in house).
  const stay = booking.stay as ManagedBooking['stay'] | undefined;
  const maybe =
    (booking.status === 'approved' || booking.status === 'confirmed' || booking.status === 'completed') &&
    (stay === undefined || (stay.checkedInAt !== null && stay.checkedOutAt === null));
  const requests = useStayRequests(booking.id, maybe);
  if (!maybe || !requests.data) return null;
  const { inHouse, requests: list } = requests.data;
  if (!inHouse && list.length === 0) return null;

  return (
    <section
      aria-labelledby="stay-requests-heading"
      data-testid="stay-requests"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="stay-requests-heading" className="text-xl font-bold text-slate-900">
        <Trans>Requests during your stay</Trans>
      </h2>
      {inHouse ? (
        <div className="flex flex-col gap-2 rounded-xl bg-teal-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-900">
            <Trans>Room service, the spa and laundry: order in the app, charged to your room.</Trans>
          </p>
          <LinkButton
            href={`/stay/${booking.id}/order?ref=${booking.reference}`}
            className="shrink-0"
            data-testid="stay-order-link"
          >
            <Trans>See the menus</Trans>
          </LinkButton>
        </div>
      ) : null}
      {inHouse ? <AskForm bookingId={booking.id} /> : null}
      {list.length > 0 ? <MyRequests requests={list} /> : null}
    </section>
  );
}

function AskForm({ bookingId }: { bookingId: number }) {
  const send = useSendStayRequest(bookingId);
  return (
    <StayRequestForm
      bookingId={bookingId}
      who="guest"
      send={(input, handlers) => send.mutate(input, handlers)}
      isPending={send.isPending}
    />
  );
}

function MyRequests({ requests }: { requests: GuestStayRequest[] }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-bold text-slate-900">
        <Trans>My requests</Trans>
      </h3>
      <ul className="flex flex-col gap-2" aria-label={t`My requests`}>
        {requests.map((r) => (
          <li
            key={r.id}
            className="flex flex-col gap-1 rounded-xl bg-sand-50 p-3"
            data-testid="my-stay-request"
            data-status={r.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {labelOf(i18n, STAY_REQUEST_TYPE_LABELS, r.type)}
                {r.requestedTime ? ` · ${formatTimeOfDay(r.requestedTime, language)}` : ''}
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STAY_REQUEST_STATUS_CLASS[r.status]}`}
                data-testid="my-stay-request-status"
              >
                <span className="sr-only">
                  <Trans>Status:</Trans>{' '}
                </span>
                {labelOf(i18n, STAY_REQUEST_STATUS_LABELS, r.status)}
              </span>
            </div>
            {r.note ? (
              <p dir="auto" className="break-words whitespace-pre-line text-sm text-slate-800">
                {r.note}
              </p>
            ) : null}
            {r.staffNote ? (
              <p className="text-sm text-slate-800">
                <Trans>From the hotel:</Trans> <span dir="auto">{r.staffNote}</span>
              </p>
            ) : null}
            <p className="text-xs text-slate-600">{formatDateTime(r.createdAt, language)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
