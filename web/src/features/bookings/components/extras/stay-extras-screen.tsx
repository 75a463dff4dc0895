import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  formatBookingReference,
  isBookingReference,
  normalizeBookingReference,
} from '@shared/booking-reference';
import { LoadError } from '@/components/load-error';
import { LinkButton } from '@/components/ui/button';
import { useNavigate, useParams, useSearchParams } from '@/lib/router';
import { typedReference, useManagedBooking } from '../../api/managed-booking';
import { useOpenBookingLink } from '../../api/open-booking-link';
import type { ExtrasVia } from '../../api/stay-extras';
import { BookingLookupForm } from '../manage/booking-lookup-form';
import { StayExtras } from './stay-extras';

/**
 * `/booking/<reference>/extras`: what the guest may add to their stay before arriving (an upgrade,
 * early check-in, late check-out, breakfast, an airport transfer…), for the booking's guest with or
 * without an account (docs/decisions/098-stay-extras.md). Opened from the booking's page, its e-mails
 * or the WhatsApp message (`?t=` a signed link, exchanged once for this device's grant; `via=whatsapp`
 * says where the guest came from, for the hotel's offers report). A lazy chunk of its own.
 */
export function StayExtrasScreen() {
  const params = useParams<{ reference?: string }>();
  const typed = typedReference(params.reference);
  const reference = normalizeBookingReference(typed);
  const [search] = useSearchParams();
  const token = search.get('t');
  const via: ExtrasVia = search.get('via') === 'whatsapp' ? 'whatsapp' : 'app';
  return (
    <main
      className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:py-10"
      aria-labelledby="extras-heading"
      data-testid="stay-extras-page"
    >
      <h1 id="extras-heading" className="text-3xl font-bold text-teal-800">
        <Trans>Add to your stay</Trans>
      </h1>
      {!isBookingReference(reference) ? (
        <Lookup reference={typed} via={via} />
      ) : token ? (
        <OpenFromLink reference={reference} token={token} via={via} />
      ) : (
        <ExtrasOfBooking reference={reference} via={via} />
      )}
    </main>
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

/** This device may not see the booking (yet): the lookup by reference and phone, then its extras. */
function Lookup({ reference, via }: { reference: string; via: ExtrasVia }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">
        <Trans>
          To see the extras of this booking on this device, enter the phone number it was made with.
        </Trans>
      </p>
      <div className="rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
        <BookingLookupForm
          initialReference={
            reference ? formatBookingReference(normalizeBookingReference(reference)) : undefined
          }
          onFound={(found) =>
            navigate(`/booking/${found}/extras${via === 'whatsapp' ? '?via=whatsapp' : ''}`)
          }
        />
      </div>
    </div>
  );
}

function ExtrasOfBooking({ reference, via }: { reference: string; via: ExtrasVia }) {
  const managed = useManagedBooking(reference);
  if (managed.data) return <StayExtras booking={managed.data.booking} via={via} offline={managed.isError} />;
  if (managed.data === null) return <Lookup reference={reference} via={via} />;
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

/** The message's or e-mail's signed link: exchanged once for this device's grant, then the address loses its token. */
function OpenFromLink({ reference, token, via }: { reference: string; token: string; via: ExtrasVia }) {
  const { t } = useLingui();
  const open = useOpenBookingLink();
  const navigate = useNavigate();
  const started = useRef(false);
  const here = `/booking/${reference}/extras${via === 'whatsapp' ? '?via=whatsapp' : ''}`;
  const exchange = () =>
    open.mutate({ reference, token }, { onSuccess: () => navigate(here, { replace: true }) });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchange();
    // Once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (open.isError) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800">
          {t`This link is not valid any more. You can still find your booking with its reference and phone number.`}
        </p>
        <Lookup reference={reference} via={via} />
        <LinkButton variant="secondary" href={`/booking/${reference}`}>
          <Trans>Your booking</Trans>
        </LinkButton>
      </div>
    );
  }
  return (
    <Busy>
      <Trans>Opening your booking…</Trans>
    </Busy>
  );
}
