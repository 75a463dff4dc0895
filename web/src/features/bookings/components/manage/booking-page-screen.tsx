import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  formatBookingReference,
  isBookingReference,
  normalizeBookingReference,
} from '@shared/booking-reference';
import { LoadError } from '@/components/load-error';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { ApiRequestError, errorCode } from '@/lib/api-client';
import { useNavigate, useParams, useSearchParams } from '@/lib/router';
import { typedReference, useManagedBooking } from '../../api/managed-booking';
import { useOpenBookingLink } from '../../api/open-booking-link';
import { BookingLookupForm } from './booking-lookup-form';
import { DeviceBookings } from './device-bookings';
import { ManagedBookingDetails } from './managed-booking-details';

/**
 * `/booking/<reference>` and `/booking`: a booking's page for its guest, with
 * or without an account. Opened from an e-mail (`?t=` a signed link, exchanged first for the
 * booking and a grant of this device), from My bookings (the account's own), or by the lookup form
 * (reference and phone). A page this device has seen opens offline from the persisted cache.
 */
export function BookingPageScreen() {
  const params = useParams<{ reference?: string }>();
  const typed = typedReference(params.reference);
  const reference = normalizeBookingReference(typed);
  const [search] = useSearchParams();
  const token = search.get('t');
  const navigate = useNavigate();
  const show = (found: string) => navigate(`/booking/${found}`, { replace: found === reference });

  if (!isBookingReference(reference)) {
    return (
      <Page title={<Trans>Find my booking</Trans>}>
        <DeviceBookings />
        <LookupCard initialReference={typed} onFound={show}>
          <Trans>
            Enter the booking reference from your confirmation e-mail and the phone number you booked with. No
            account needed.
          </Trans>
        </LookupCard>
      </Page>
    );
  }
  return (
    <Page title={<Trans>Your booking</Trans>}>
      {token ? (
        <OpenFromLink reference={reference} token={token} onFound={show} />
      ) : (
        <ManagedBookingView reference={reference} onFound={show} />
      )}
    </Page>
  );
}

function Page({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main
      className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:py-10"
      aria-labelledby="booking-page-heading"
      data-testid="booking-page"
    >
      <h1 id="booking-page-heading" className="text-3xl font-bold text-teal-800">
        {title}
      </h1>
      {children}
    </main>
  );
}

/** The lookup form in its card, with what to do and, perhaps, why it is shown. */
function LookupCard({
  initialReference,
  onFound,
  notice,
  children,
}: {
  initialReference?: string;
  onFound: (reference: string) => void;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {notice}
      <p className="text-slate-700">{children}</p>
      <div className="rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
        <BookingLookupForm initialReference={initialReference} onFound={onFound} />
      </div>
    </div>
  );
}

function Busy({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-2xl border border-dashed border-sand-200 bg-sand-50 p-6 text-center text-slate-700"
    >
      {children}
    </p>
  );
}

/** The booking if this account or device may see it; otherwise the lookup, its reference filled in. */
function ManagedBookingView({
  reference,
  onFound,
}: {
  reference: string;
  onFound: (reference: string) => void;
}) {
  const managed = useManagedBooking(reference);
  if (managed.data) return <ManagedBookingDetails booking={managed.data.booking} offline={managed.isError} />;
  if (managed.data === null) {
    return (
      <LookupCard initialReference={formatBookingReference(reference)} onFound={onFound}>
        <Trans>To see this booking on this device, enter the phone number it was made with.</Trans>
      </LookupCard>
    );
  }
  if (managed.isError) {
    return (
      <LoadError onRetry={() => void managed.refetch()}>
        <Trans>Your booking could not be loaded. Check your connection and try again.</Trans>
      </LoadError>
    );
  }
  return (
    <Busy>
      <Trans>Loading your booking…</Trans>
    </Busy>
  );
}

/**
 * An e-mail's signed link: exchanged once for the booking and this device's grant, then the
 * address loses its token (not kept in the history or shared by a copied address).
 */
function OpenFromLink({
  reference,
  token,
  onFound,
}: {
  reference: string;
  token: string;
  onFound: (reference: string) => void;
}) {
  const { t } = useLingui();
  const open = useOpenBookingLink();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const exchange = () =>
    open.mutate(
      { reference, token },
      { onSuccess: () => navigate(`/booking/${reference}`, { replace: true }) },
    );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchange();
    // Once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const error = open.error;
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) {
    const expired = errorCode(error) === 'booking_link_expired';
    return (
      <LookupCard
        initialReference={formatBookingReference(reference)}
        onFound={onFound}
        notice={
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="booking-link-error">
            {expired
              ? t`This link has expired: it works until the end of your check-out day.`
              : t`This link is not valid. It may have been copied incompletely.`}
          </p>
        }
      >
        <Trans>
          You can still find your booking with its reference and the phone number you booked with.
        </Trans>
      </LookupCard>
    );
  }
  // Offline, a booking this device has seen before opens from the cache.
  if (error && queryClient.getQueryData(bookingKeys.managed(reference))) {
    return <ManagedBookingView reference={reference} onFound={onFound} />;
  }
  if (error) {
    return (
      <LoadError onRetry={exchange}>
        <Trans>Your booking could not be opened. Check your connection and try again.</Trans>
      </LoadError>
    );
  }
  return (
    <Busy>
      <Trans>Opening your booking…</Trans>
    </Busy>
  );
}
