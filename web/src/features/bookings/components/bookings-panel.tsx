import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { usePathname } from '@/lib/router';
import { nightsBetween } from '@shared/money';
import { Link } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { BookingReference } from '@/components/booking-reference';
import { bookingPolicy } from '@shared/stay-policy';
import { Modal } from '@/components/ui/dialog';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useHideHeader } from '@/hooks/use-hide-header';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useRoomName } from '@/entities/rooms/room-names';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { type MyBooking, useMyBookings } from '../api/get-my-bookings';
import { CallTheHotel } from './manage/call-the-hotel';

import { BookingRateSummary } from './booking-rate-summary';

const CancelBookingDialog = lazy(() => import('./manage/cancel-booking-dialog'));
import { NotificationList } from '@/components/notifications/notification-list';
import {
  STATUS_BADGE_CLASS,
  bedLabel,
  paymentLabel,
  smokingLabel,
  statusLabel,
} from '@/entities/bookings/booking-labels';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';
import { formatPhone } from '@shared/phone-countries';

/**
 * The signed-in guest's notifications and bookings panel (spec sections 2
 * and 4): 1100x850 on a desktop, nearly full-screen on a phone; two tabs,
 * notifications (the spec's "event notifications", named for what they hold: news of the guest's
 * bookings and entries; the newest with "+N more", which opens the list the header's bell
 * shows) and current
 * bookings (cancelled ones hidden). Both refresh every 10 s while the page is visible.
 */
export default function BookingsPanel({ onClose }: { onClose: () => void }) {
  // A booking's page opened from here closes the panel.
  const pathname = usePathname();
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) onClose();
  }, [pathname, onClose]);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={<Trans>My bookings</Trans>} size="xl">
      <PanelBody />
    </Modal>
  );
}

function PanelBody() {
  useHideHeader();
  const { t } = useLingui();
  return (
    <Tabs className="min-h-0" data-testid="bookings-panel" defaultSelectedKey="bookings">
      <TabList aria-label={t`Notifications and bookings`}>
        <Tab id="notifications">
          <Trans>Notifications</Trans>
        </Tab>
        <Tab id="bookings">
          <Trans>Current bookings</Trans>
        </Tab>
      </TabList>
      <TabPanel id="notifications">
        <NotificationList scope="mine" collapsed />
      </TabPanel>
      <TabPanel id="bookings">
        <BookingsTab />
      </TabPanel>
    </Tabs>
  );
}

function StateMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <p
      role={busy ? 'status' : undefined}
      className="rounded-2xl border border-dashed border-sand-200 bg-sand-50 p-6 text-center text-slate-700"
    >
      {children}
    </p>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadError onRetry={onRetry}>
      <Trans>This could not be loaded. Check your connection and try again.</Trans>
    </LoadError>
  );
}

function BookingsTab() {
  const bookings = useMyBookings();
  if (bookings.isPending)
    return (
      <StateMessage busy>
        <Trans>Loading bookings...</Trans>
      </StateMessage>
    );
  if (bookings.isError && !bookings.data) return <LoadFailed onRetry={() => void bookings.refetch()} />;
  // Current: requests and stays still to come or under way; past: the stays completed (cancelled
  // ones are hidden, as the spec says).
  const current = (bookings.data ?? []).filter((b) => b.status !== 'cancelled' && b.status !== 'completed');
  const past = (bookings.data ?? []).filter((b) => b.status === 'completed');
  return (
    <div className="flex flex-col gap-6">
      {current.length === 0 ? (
        <StateMessage>
          <Trans>No current bookings. Your booking requests will show here.</Trans>
        </StateMessage>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="my-bookings">
          {current.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <section className="flex flex-col gap-3" aria-labelledby="past-stays-heading">
          <h3 id="past-stays-heading" className="text-lg font-bold text-slate-900">
            <Trans>Past stays</Trans>
          </h3>
          <ul className="grid gap-4 lg:grid-cols-2" data-testid="my-past-stays">
            {past.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function BookingCard({ booking }: { booking: MyBooking }) {
  const { i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  // Cancellable while pending, or approved/confirmed up to the deadline (the server decides
  // again); until the settings are known, only a pending request offers it.
  const settings = useSiteSettings().data;
  const mayCancel = settings ? bookingPolicy(booking, settings).mayCancel : booking.status === 'pending';
  const room = roomName(booking.roomType);
  const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));
  const pointsText = formatCount(booking.pointsUsed, language);
  const rows: [ReactNode, ReactNode][] = [
    [<Trans key="n">Name</Trans>, booking.fullName],
    [
      <Trans key="p">Phone</Trans>,
      <bdi key="pv" dir="ltr">
        {formatPhone(booking.phoneNumber)}
      </bdi>,
    ],
    [
      <Trans key="i">ID number</Trans>,
      <bdi key="iv" dir="ltr">
        {booking.idNumber}
      </bdi>,
    ],
    [<Trans key="ci">Check-in</Trans>, formatDate(booking.checkInDate, language)],
    [<Trans key="co">Check-out</Trans>, formatDate(booking.checkOutDate, language)],
    [<Trans key="nt">Nights</Trans>, formatCount(nights, language)],
    [
      <Trans key="g">Guests</Trans>,
      booking.numberOfGuests === null ? '—' : formatCount(booking.numberOfGuests, language),
    ],
    [
      <Trans key="t">Total</Trans>,
      booking.isPointsBooking ? (
        <Plural
          key="tv"
          value={booking.pointsUsed}
          one={`${pointsText} point`}
          other={`${pointsText} points`}
        />
      ) : booking.totalPriceBaisa === null ? (
        '—'
      ) : (
        formatPrice(booking.totalPriceBaisa, language)
      ),
    ],
    [<Trans key="b">Bed type</Trans>, bedLabel(i18n, booking.bedType)],
    [<Trans key="s">Smoking preference</Trans>, smokingLabel(i18n, booking.smokingPreference)],
    [
      <Trans key="pm">Payment method</Trans>,
      // A non-refundable rate is paid in advance online, whatever the request's stored method says.
      booking.cancellationRule?.kind === 'non_refundable' ? (
        <Trans key="pmv">Online, the whole stay in advance</Trans>
      ) : (
        paymentLabel(i18n, booking.paymentMethod)
      ),
    ],
    [<Trans key="c">Booked on</Trans>, formatDateTime(booking.createdAt, language)],
  ];
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid={`my-booking-${booking.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">
          {booking.roomNumber ? (
            <Trans>
              {room}, room <span translate="no">{formatRoomNumber(booking.roomNumber, language)}</span>
            </Trans>
          ) : (
            room
          )}
        </h3>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_BADGE_CLASS[booking.status]}`}
          data-testid="booking-status"
        >
          {statusLabel(i18n, booking.status)}
        </span>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>
          <Trans>Booking reference</Trans>{' '}
          <BookingReference reference={booking.reference} className="text-base text-slate-900" />
        </span>
        {/* Each booking has its page (status, policy, changes, online check-in). */}
        <Link
          href={`/booking/${booking.reference}`}
          className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          data-testid="open-booking-page"
        >
          <Trans>Open the booking's page</Trans>
        </Link>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value], i) => (
          <div key={i} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {booking.isPointsBooking ? null : (
        <BookingRateSummary
          ratePlan={booking.ratePlan}
          nightPrices={booking.nightPrices}
          cancellationRule={booking.cancellationRule}
        />
      )}
      {booking.status === 'completed' ? (
        <p
          className="rounded-xl bg-sand-100 px-3 py-2 font-semibold text-slate-900"
          data-testid="booking-state-note"
        >
          <Trans>Your stay is over. Thank you for staying with us.</Trans>
        </p>
      ) : booking.stayState === 'in_house' ? (
        <p
          className="rounded-xl bg-emerald-100 px-3 py-2 font-semibold text-emerald-900"
          data-testid="booking-state-note"
        >
          <Trans>You are checked in. Enjoy your stay.</Trans>
        </p>
      ) : booking.status === 'confirmed' ? (
        <p
          className="rounded-xl bg-emerald-100 px-3 py-2 font-semibold text-emerald-900"
          data-testid="booking-state-note"
        >
          <Trans>Your booking is confirmed</Trans>
        </p>
      ) : booking.status === 'approved' ? (
        <p className="rounded-xl bg-sky-100 px-3 py-2 font-semibold text-sky-900">
          <Trans>Approved - processing</Trans>
        </p>
      ) : null}
      {mayCancel ? (
        <Button variant="secondary" className="self-start" onPress={() => setConfirming(true)}>
          <Trans>Cancel booking</Trans>
        </Button>
      ) : booking.status === 'approved' || booking.status === 'confirmed' ? (
        <div className="flex flex-col gap-2 text-sm text-slate-800" data-testid="cancel-too-late">
          <p>
            <Trans>
              The free cancellation deadline has passed. To cancel or change, please call the hotel.
            </Trans>
          </p>
          <CallTheHotel />
        </div>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <CancelBookingDialog booking={booking} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}
