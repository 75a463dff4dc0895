import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { useOnline } from '@/lib/use-online';
import { type AdminBooking, useBookings } from '@/entities/admin/bookings/get-bookings';
import { BOOKING_FILTERS, type BookingFilter, type Decision, decisionsFor } from '../lib/booking-decisions';
import { matchesSearch } from '../lib/booking-search';
import { BookingCard } from './booking-card';
import { BookingDecisionDialog, DECISION_LABELS } from './booking-decision-dialog';
import { EventNotificationsPanel } from './event-notifications-panel';
import { playNewBookingSound, useNewBookingAlert } from '@/entities/admin/bookings/new-booking-alert';
import { markPendingSeen } from '@/entities/admin/bookings/seen-bookings';
import { useLanguage } from '@/hooks/use-language';
import { TIMING } from '@shared/constants';
import { LoadError } from '@/components/load-error';
import { SpeakerIcon } from '@/components/more-icons';
import { secondsCount } from '@/lib/counts';

// A tab names a list of bookings (plural in Arabic), a badge one booking's status: two contexts.
const TAB_LABELS: Record<BookingFilter, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'booking list' }),
  active: msg({ message: 'Active', context: 'booking list' }),
  completed: msg({ message: 'Completed', context: 'booking list' }),
  cancelled: msg({ message: 'Cancelled', context: 'booking list' }),
  current: msg`Current bookings`,
};

const EMPTY_TEXT: Record<BookingFilter, MessageDescriptor> = {
  pending: msg`No New Alerts`,
  active: msg`No approved or confirmed bookings.`,
  completed: msg`No completed bookings yet.`,
  cancelled: msg`No cancelled bookings.`,
  current: msg`No current bookings.`,
};

/**
 * /admin/bookings: booking alerts and the current bookings panel (admin spec
 * sections 2, 4 and 8). The list is polled every 10 s while the tab is
 * visible; a new booking rings; offline the last list stays readable and
 * decisions wait for the connection.
 */
export function BookingAlertsScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const bookings = useBookings();
  const isAdmin = hasRole(useCurrentUser().data, 'admin');
  const online = useOnline();
  const [query, setQuery] = useState('');
  const [request, setRequest] = useState<{ booking: AdminBooking; decision: Decision } | null>(null);

  useNewBookingAlert(bookings.data, bookings.dataUpdatedAt);
  // Spec: opening the alerts marks the pending ones as seen (the dashboard badge).
  useEffect(() => {
    if (bookings.data) markPendingSeen(bookings.data);
  }, [bookings.data]);

  const lists = useMemo(() => {
    const found = (bookings.data ?? []).filter((b) => matchesSearch(b, query));
    const byFilter = {} as Record<BookingFilter, AdminBooking[]>;
    for (const key of Object.keys(BOOKING_FILTERS) as BookingFilter[]) {
      const statuses: readonly string[] = BOOKING_FILTERS[key];
      byFilter[key] = found.filter((b) => statuses.includes(b.status));
    }
    return byFilter;
  }, [bookings.data, query]);

  async function testSound() {
    const played = await playNewBookingSound();
    if (!played) {
      showToast({
        variant: 'error',
        title: t`The alert sound could not play`,
        description: t`Check that this device's sound is on and that the page may play audio.`,
      });
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Booking notifications</Trans>}
        subtitle={
          bookings.dataUpdatedAt ? (
            <Trans>
              Updated {formatDateTime(bookings.dataUpdatedAt, language)}; refreshed every{' '}
              {secondsCount(TIMING.bookingsPoll / 1000, language)}.
            </Trans>
          ) : undefined
        }
        actions={
          <Button variant="secondary" onPress={() => void testSound()}>
            <SpeakerIcon />
            <Trans>Test sound</Trans>
          </Button>
        }
      />

      {!online ? (
        <OfflineNote>
          <Trans>
            You are offline. This is the last list loaded; decisions need a connection and are disabled until
            you are back online.
          </Trans>
        </OfflineNote>
      ) : null}

      <TextField
        label={t`Search bookings`}
        type="search"
        placeholder={t`Name, phone or ID number`}
        value={query}
        onChange={setQuery}
        className="max-w-md"
      />

      <Tabs defaultSelectedKey="pending">
        <TabList aria-label={t`Bookings by status`}>
          {(Object.keys(TAB_LABELS) as BookingFilter[]).map((key) => (
            <Tab key={key} id={key} className="px-3!">
              {i18n._(TAB_LABELS[key])}
              {bookings.data ? (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-bold ${key === 'pending' && lists.pending.length > 0 ? 'bg-red-700 text-white' : 'bg-sand-100 text-slate-800'}`}
                >
                  {formatCount(lists[key].length, language)}
                </span>
              ) : null}
            </Tab>
          ))}
          <Tab id="events" className="px-3!">
            <Trans>Event notifications</Trans>
          </Tab>
        </TabList>

        {(Object.keys(TAB_LABELS) as BookingFilter[]).map((key) => (
          <TabPanel key={key} id={key} className="flex flex-col gap-4">
            {key === 'current' ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-slate-700">
                  <Trans>Every booking except the cancelled ones, newest first.</Trans>
                </p>
                <a href="/api/admin/bookings.csv" download className={buttonClass('secondary')}>
                  <Trans>Export CSV</Trans>
                </a>
              </div>
            ) : null}
            {bookings.isPending ? (
              <p role="status" className="text-slate-700">
                <Trans>Loading alerts...</Trans>
              </p>
            ) : bookings.isError && !bookings.data ? (
              <LoadError onRetry={() => void bookings.refetch()}>
                {errorMessage(bookings.error, t`The bookings could not be loaded.`)}
              </LoadError>
            ) : lists[key].length === 0 ? (
              <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
                {query.trim() ? <Trans>No booking matches your search.</Trans> : i18n._(EMPTY_TEXT[key])}
              </p>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {lists[key].map((booking) => (
                  <li key={booking.id}>
                    <BookingCard
                      booking={booking}
                      decisions={decisionsFor(booking.status, isAdmin)}
                      decisionLabels={DECISION_LABELS}
                      isOffline={!online}
                      onDecide={(decision) => setRequest({ booking, decision })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </TabPanel>
        ))}
        <TabPanel id="events">
          <EventNotificationsPanel />
        </TabPanel>
      </Tabs>

      <BookingDecisionDialog request={request} onClose={() => setRequest(null)} />
    </main>
  );
}
