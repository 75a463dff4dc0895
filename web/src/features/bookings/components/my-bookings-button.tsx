import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { lazy } from '@/lib/lazy';
import { AriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PlainButton } from '@/components/ui/plain-button';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { BookingsIcon } from '@/components/icons';

const BookingsPanel = lazy(() => import('./bookings-panel'));

/**
 * The header's "My bookings" button, next to the signed-in user's name (spec
 * section 2: the booking-notifications panel). Nothing for visitors.
 */
export function MyBookingsButton() {
  const { t } = useLingui();
  const me = useCurrentUser();
  // A push notification about a booking opens the app at /?bookings=true (web/src/sw.ts).
  const [open, setOpen] = useState(
    () => typeof location !== 'undefined' && new URLSearchParams(location.search).has('bookings'),
  );
  if (!me.data) return null;
  return (
    <>
      <PlainButton
        variant="ghost"
        className="shrink-0 px-2.5 py-1.5 text-sm"
        aria-label={t`My bookings`}
        onPress={() => setOpen(true)}
        data-testid="my-bookings-button"
      >
        <BookingsIcon />
        <span className="hidden whitespace-nowrap md:inline">
          <Trans>My bookings</Trans>
        </span>
      </PlainButton>
      {open && (
        <AriaScope fallback={<LoadingOverlay />}>
          <BookingsPanel onClose={() => setOpen(false)} />
        </AriaScope>
      )}
    </>
  );
}
