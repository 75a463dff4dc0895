import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import type { EventType } from '@shared/constants';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatMonth } from '@/lib/format';
import { unreadBadgeText } from '@/entities/notifications/notifications';
import { useEventsOverview } from '../api/get-events-overview';

const TILES: Record<EventType, { href: string; title: ReactNode; description: ReactNode }> = {
  photography: {
    href: '/photography-admin',
    title: <Trans>Photography event</Trans>,
    description: <Trans>Review the photos guests enter in the monthly draw.</Trans>,
  },
  hotel_rating: {
    href: '/rating-admin',
    title: <Trans>Rating event</Trans>,
    description: <Trans>Review the Google review screenshots entered in the draw.</Trans>,
  },
  location_sharing: {
    href: '/location-admin',
    title: <Trans>Location sharing event</Trans>,
    description: <Trans>See who completed the 5 shares for the draw.</Trans>,
  },
};

const ORDER: EventType[] = ['photography', 'hotel_rating', 'location_sharing'];

const tileClass =
  'flex h-full min-h-40 flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 text-start no-underline shadow-sm outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 ' +
  'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * /admin/events: the events management screen of the admin spec, three tiles (photography, hotel
 * rating, location sharing), each opening its moderation. A tile says whether the event is open to
 * guests, how many entries it took this month and, for the two staff judge, how many wait.
 */
export function EventsAdminScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const overview = useEventsOverview();
  const month = overview.data ? formatMonth(overview.data.month, language) : null;

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <AdminPageHeader
        title={<Trans>Events management</Trans>}
        subtitle={
          month ? (
            <Trans>The monthly prize draws, {month}: open an event to review its entries.</Trans>
          ) : (
            <Trans>The monthly prize draws: open an event to review its entries.</Trans>
          )
        }
      />
      {overview.isError && !overview.data ? (
        <LoadError onRetry={() => void overview.refetch()}>
          {errorMessage(overview.error, t`The events could not be loaded.`)}
        </LoadError>
      ) : null}
      <nav aria-label={t`Events`}>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {ORDER.map((eventType) => {
            const tile = TILES[eventType];
            const event = overview.data?.events.find((e) => e.eventType === eventType);
            const entries = event ? formatCount(event.entriesThisMonth, language) : '';
            const waiting = event?.pending != null ? unreadBadgeText(event.pending, language) : '';
            return (
              <li key={eventType}>
                <Link href={tile.href} className={tileClass} data-testid={`event-tile-${eventType}`}>
                  <span className="flex items-start justify-between gap-2">
                    <span className="text-lg font-bold text-teal-800">{tile.title}</span>
                    {event ? (
                      <span
                        data-testid="event-tile-state"
                        className={`shrink-0 rounded-full px-3 py-0.5 text-sm font-bold ${event.isEnabled ? 'bg-emerald-100 text-emerald-950' : 'bg-slate-200 text-slate-900'}`}
                      >
                        {event.isEnabled ? (
                          <Trans context="event state">Open</Trans>
                        ) : (
                          <Trans context="event state">Closed</Trans>
                        )}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-sm text-slate-700">{tile.description}</span>
                  <span className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-slate-900">
                    {event ? (
                      <>
                        <span data-testid="event-tile-entries">
                          <Trans>Entries this month: {entries}</Trans>
                        </span>
                        {event.pending !== null ? (
                          <span
                            data-testid="event-tile-pending"
                            className={event.pending > 0 ? 'text-red-800' : undefined}
                          >
                            <Trans>Waiting for review: {waiting}</Trans>
                          </span>
                        ) : null}
                      </>
                    ) : overview.isPending ? (
                      <Trans>Loading…</Trans>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </main>
  );
}
