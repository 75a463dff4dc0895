import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../entities/session/use-current-user';

const BookingsPanel = lazy(() => import('./bookings-panel'));

/**
 * The header's "My bookings" button, next to the signed-in user's name (spec
 * section 2: the booking-notifications panel). Nothing for visitors.
 */
export function MyBookingsButton() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!me.data) return null;
  return (
    <>
      <Button
        variant="ghost"
        className="shrink-0 px-2.5 py-1.5 text-sm"
        aria-label={t`My bookings`}
        onPress={() => setOpen(true)}
        data-testid="my-bookings-button"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="4" y="4" width="16" height="17" rx="2" />
          <path d="M8 2v4M16 2v4M4 10h16M8 14h3M8 17h6" />
        </svg>
        <span className="hidden whitespace-nowrap md:inline">
          <Trans>My bookings</Trans>
        </span>
      </Button>
      {open && (
        <Suspense fallback={<LoadingOverlay />}>
          <BookingsPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
