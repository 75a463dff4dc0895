import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { useSearch } from '@/lib/router';
import { useOnline } from '@/lib/use-online';
import type { AdminBooking } from '@/entities/admin/bookings/get-bookings';
import { bookingCursor } from '@shared/booking-cursor';
import { DateRangeFilter } from './date-range-filter';
import { useBookingCounts } from '../api/get-booking-counts';
import { BOOKING_PAGE_SIZE, useBookingPage } from '../api/get-booking-page';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { focusAfterDecision } from '../lib/focus-after-decision';
import { BOOKING_FILTERS, type BookingFilter, type Decision, decisionsFor } from '../lib/booking-decisions';
import { matchesSearch, serverSearchQuery } from '../lib/booking-search';
import { BookingCard } from './booking-card';
import { BookingDecisionDialog, DECISION_LABELS } from './booking-decision-dialog';
import { NotificationList } from '@/components/notifications/notification-list';
import { TabletAlertsSwitch } from './tablet-alerts-switch';
import { playNewBookingSound, useNewBookingAlert } from '@/entities/admin/bookings/new-booking-alert';
import { unreadBadgeText, useStaffAlertWatch } from '@/entities/notifications/notifications';
import { useLanguage } from '@/hooks/use-language';
import { TIMING } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { stayHasBegun } from '@shared/stay-policy';
import { LoadError } from '@/components/load-error';
import { SpeakerIcon } from '@/components/more-icons';
import { secondsCount } from '@/lib/counts';
import { Separator } from '@/components/separator';

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
 * sections 2, 4 and 8), built for volume: each tab is a compact list, one page
 * of 25 at a time read from the server (newest first, keyset paging), filtered
 * on the server by status, stay dates and the search. The pages are polled
 * every 10 s while the tab is visible; a new pending booking rings; offline
 * the last pages stay readable and decisions wait for the connection.
 */
export function BookingAlertsScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const isAdmin = hasRole(useCurrentUser().data, 'admin');
  const online = useOnline();
  // Another screen's link to one booking (the online payments' list): `?q=<reference>&tab=<tab>`.
  const linked = new URLSearchParams(useSearch());
  const linkedTab = linked.get('tab');
  const [tab, setTab] = useState<BookingFilter | 'events'>(
    linkedTab && linkedTab in BOOKING_FILTERS ? (linkedTab as BookingFilter) : 'pending',
  );
  const [query, setQuery] = useState(linked.get('q') ?? '');
  const [dates, setDates] = useState({ from: '', to: '' });
  // The cursors of the pages before the one shown (Previous pops one).
  const [cursors, setCursors] = useState<string[]>([]);
  const [request, setRequest] = useState<{ booking: AdminBooking; decision: Decision } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const search = useDebouncedValue(query.trim(), 300);

  const filter: BookingFilter = tab === 'events' ? 'pending' : tab;
  const filters = { from: dates.from || undefined, to: dates.to || undefined, q: serverSearchQuery(search) };
  const page = useBookingPage({ statuses: BOOKING_FILTERS[filter], ...filters, cursor: cursors.at(-1) });
  const counts = useBookingCounts();
  // The staff's alerts (new requests and entries): their unread count on the tab, and a new one rings.
  const alerts = useStaffAlertWatch();
  useNewBookingAlert(alerts.newest, alerts.fetchedAt);

  // A new filter starts again at the first page.
  const filterKey = `${filter}|${dates.from}|${dates.to}|${search}`;
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setCursors([]);
  }

  const rows = (page.data ?? []).slice(0, BOOKING_PAGE_SIZE).filter((b) => matchesSearch(b, query));
  // The hotel's date at this render (the list is polled, so a new day shows within seconds).
  const today = hotelToday();
  const hasNext = (page.data?.length ?? 0) > BOOKING_PAGE_SIZE;
  const pageNumber = cursors.length + 1;
  const tabCount = (key: BookingFilter) =>
    counts.data ? BOOKING_FILTERS[key].reduce((sum, status) => sum + (counts.data[status] ?? 0), 0) : null;

  function decided(booking: AdminBooking) {
    focusAfterDecision({ decided: booking.id, shown: rows.map((b) => b.id), heading: headingRef });
  }

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

  const list = (key: BookingFilter) => (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={key === filter ? headingRef : undefined}
          tabIndex={-1}
          className="text-base font-bold text-slate-900 outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
          data-testid="booking-list-heading"
        >
          {i18n._(TAB_LABELS[key])}
          <Separator />
          <Trans>Page {formatCount(pageNumber, language)}</Trans>
        </h2>
        {key === 'current' ? (
          <a href="/api/admin/bookings.csv" download className={buttonClass('secondary')}>
            <Trans>Export CSV</Trans>
          </a>
        ) : null}
      </div>
      {key === 'current' ? (
        <p className="text-slate-700">
          <Trans>Every booking except the cancelled ones, newest first.</Trans>
        </p>
      ) : null}
      {page.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading alerts...</Trans>
        </p>
      ) : page.isError && !page.data ? (
        <LoadError onRetry={() => void page.refetch()}>
          {errorMessage(page.error, t`The bookings could not be loaded.`)}
        </LoadError>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          {search || dates.from || dates.to ? (
            <Trans>No booking matches your search.</Trans>
          ) : (
            i18n._(EMPTY_TEXT[key])
          )}
        </p>
      ) : (
        <ul
          className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm"
          data-testid="booking-list"
        >
          {rows.map((booking) => (
            <li key={booking.id}>
              <BookingCard
                booking={booking}
                decisions={decisionsFor(
                  booking.status,
                  isAdmin,
                  booking.stayState,
                  stayHasBegun(booking, today),
                )}
                decisionLabels={DECISION_LABELS}
                isOffline={!online}
                onDecide={(decision) => setRequest({ booking, decision })}
              />
            </li>
          ))}
        </ul>
      )}
      {cursors.length > 0 || hasNext ? (
        <nav aria-label={t`Pages of bookings`} className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="secondary"
            isDisabled={cursors.length === 0}
            onPress={() => setCursors((c) => c.slice(0, -1))}
          >
            <Trans>Previous page</Trans>
          </Button>
          <Button
            variant="secondary"
            isDisabled={!hasNext}
            onPress={() => {
              const last = page.data?.[BOOKING_PAGE_SIZE - 1];
              if (last) setCursors((c) => [...c, bookingCursor(last)]);
              headingRef.current?.focus();
            }}
          >
            <Trans>Next page</Trans>
          </Button>
        </nav>
      ) : null}
    </>
  );

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Bookings</Trans>}
        subtitle={
          page.dataUpdatedAt ? (
            <Trans>
              Updated {formatDateTime(page.dataUpdatedAt, language)}; refreshed every{' '}
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

      <TabletAlertsSwitch />

      <div className="flex flex-wrap items-end gap-4">
        <TextField
          label={t`Search bookings`}
          type="search"
          placeholder={t`Name, phone, ID number or reference`}
          value={query}
          onChange={setQuery}
          className="w-full max-w-md"
        />
        <DateRangeFilter value={dates} onChange={setDates} />
      </div>

      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as BookingFilter | 'events')}>
        <TabList aria-label={t`Bookings by status`} className="gap-0!">
          {(Object.keys(TAB_LABELS) as BookingFilter[]).map((key) => {
            const count = tabCount(key);
            return (
              <Tab key={key} id={key} className="gap-1.5! px-2!">
                {i18n._(TAB_LABELS[key])}
                {count !== null ? (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-bold ${key === 'pending' && count > 0 ? 'bg-red-700 text-white' : 'bg-sand-100 text-slate-800'}`}
                  >
                    {formatCount(count, language)}
                  </span>
                ) : null}
              </Tab>
            );
          })}
          <Tab id="events" className="gap-1.5! px-2!">
            <Trans context="staff alerts tab">Alerts</Trans>
            {alerts.unread > 0 ? (
              <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                {unreadBadgeText(alerts.unread, language)}
              </span>
            ) : null}
          </Tab>
        </TabList>

        {(Object.keys(TAB_LABELS) as BookingFilter[]).map((key) => (
          <TabPanel key={key} id={key} className="flex flex-col gap-3">
            {key === filter ? list(key) : null}
          </TabPanel>
        ))}
        <TabPanel id="events">
          <NotificationList scope="staff" collapsed />
        </TabPanel>
      </Tabs>

      <BookingDecisionDialog request={request} onClose={() => setRequest(null)} onDone={decided} />
    </main>
  );
}
