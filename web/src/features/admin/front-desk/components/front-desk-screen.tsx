import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Link } from 'react-aria-components';
import type { Language, RoomStatus } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { showToast } from '@/components/ui/toast-queue';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorCode, errorMessage } from '@/lib/api-client';
import { guestsCount } from '@/lib/counts';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import { useDeskMove, useFrontDesk, type DeskBooking, type DeskMove } from '../api/front-desk';
import { StayRequestQueue } from '@/entities/admin/stay-requests/stay-request-queue';
import { lazy } from '@/lib/lazy';
import { StayReversalActions } from '@/entities/admin/stay-reversals/stay-reversal-actions';
import { ChannelSource } from '@/entities/admin/bookings/channel-source';
import { TradeSummary } from '@/entities/admin/bookings/trade-fields';

// Opened for a guest in house who phones: a chunk of its own.
const LogRequestDialog = lazy(() => import('./log-request-dialog'));
// Editing a stay (arrivals and guests in house): the shared dialog, a chunk of its own.
const EditStayDialog = lazy(() => import('@/entities/admin/bookings/edit-stay-dialog'));
// A stay's folio (lines, balance, charges, payments, corrections, refunds): the shared dialog.
const FolioDialog = lazy(() => import('@/entities/admin/folio/folio-dialog'));
// The check-out, asked first, with its balance step: a chunk of its own.
const CheckOutDialog = lazy(() => import('./check-out-dialog'));
// The check-in, confirmed first (the room, a way to change it, the ID check): a chunk of its own.
const CheckInDialog = lazy(() => import('./check-in-dialog'));

/** "including 2 children" / "منهم طفلان": of a stay's guests, its children. */
function includingChildren(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `including ${count} child`, other: `including ${count} children` });
}

type TabKey = 'arrivals' | 'departures' | 'inHouse';

const TAB_LABELS: Record<TabKey, MessageDescriptor> = {
  arrivals: msg`Arrivals`,
  departures: msg`Departures`,
  inHouse: msg`Guests in house`,
};

const EMPTY_TEXT: Record<TabKey, MessageDescriptor> = {
  arrivals: msg`No arrivals on this day.`,
  departures: msg`No departures on this day.`,
  inHouse: msg`Nobody is staying this night.`,
};

const ROOM_STATUS_LABELS: Record<RoomStatus, MessageDescriptor> = {
  clean: msg({ message: 'Clean', context: 'room status' }),
  dirty: msg({ message: 'Dirty', context: 'room status' }),
  inspected: msg({ message: 'Inspected', context: 'room status' }),
  out_of_order: msg({ message: 'Out of order', context: 'room status' }),
};

const READY: string[] = ['clean', 'inspected'];
const ACTIVE: string[] = ['approved', 'confirmed'];

/** A room's number in a sentence, by the one formatter ("Room 204" / "الغرفة ٢٠٤"). */
function RoomNumber({ number }: { number: string }) {
  const language = useLanguage();
  return (
    <span translate="no" className="font-bold" data-testid="desk-room-number">
      {formatRoomNumber(number, language)}
    </span>
  );
}

function StayDates({ booking }: { booking: DeskBooking }) {
  const language = useLanguage();
  const checkIn = formatDate(booking.checkInDate, language);
  const checkOut = formatDate(booking.checkOutDate, language);
  return (
    <Trans>
      {checkIn} to {checkOut}
    </Trans>
  );
}

/** A room as the desk names it: its number, and its id when the server chose it. */
type NamedRoom = { id?: number; number: string };

/** The room a `room_not_clean` answer names (the one the server would check the guest into). */
function roomNamedBy(error: unknown): NamedRoom | null {
  if (!(error instanceof ApiRequestError)) return null;
  const room = (error.body?.error as { room?: { id?: unknown; number?: unknown } } | undefined)?.room;
  if (!room || typeof room.number !== 'string') return null;
  return { number: room.number, ...(typeof room.id === 'number' && { id: room.id }) };
}

/** What the desk may do with a booking on `today` (the server checks the same rules). */
function movesFor(b: DeskBooking, today: string) {
  const active = ACTIVE.includes(b.status);
  return {
    checkIn: active && !b.checkedInAt && b.checkInDate <= today && today <= b.checkOutDate,
    checkOut: active && b.checkedInAt !== null && b.checkedOutAt === null,
    noShow: active && !b.checkedInAt && today > b.checkInDate,
  };
}

/**
 * /admin/front-desk: the day at the desk on a tablet. A date (today, hotel
 * time, by default) and three tabs: arrivals, departures and the stays in house, each row with the
 * guest, the room (or a link to assign one on the tape chart), the stay's state and the moves the
 * desk may make now: check in (confirmed first when the room is not clean), check out, no-show.
 * Polled every few seconds; offline the last list stays readable and the moves wait.
 */
export function FrontDeskScreen() {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const online = useOnline();
  const today = hotelToday();
  const [date, setDate] = useState(today);
  const [tab, setTab] = useState<TabKey>('arrivals');
  // A check-in being confirmed: its room, another room, the ID check.
  const [checkingIn, setCheckingIn] = useState<DeskBooking | null>(null);
  // A check-in waiting for "check in anyway": the booking, and the room the server named.
  const [confirming, setConfirming] = useState<{
    booking: DeskBooking;
    room: NamedRoom;
    idChecked?: boolean;
  } | null>(null);
  // A check-out waiting for staff to confirm it (and, when early, what happens to the nights left).
  const [leaving, setLeaving] = useState<DeskBooking | null>(null);
  const [asking, setAsking] = useState<DeskBooking | null>(null);
  const [editing, setEditing] = useState<DeskBooking | null>(null);
  const [folioOf, setFolioOf] = useState<DeskBooking | null>(null);
  const day = useFrontDesk(date || today);
  const move = useDeskMove();

  function run(request: DeskMove, booking: DeskBooking) {
    move.mutate(request, {
      onSuccess: (result) => {
        setConfirming(null);
        setCheckingIn(null);
        // A stay checked in into a room it did not have: say which.
        const named = (result as { room?: NamedRoom }).room;
        const number = named && named.number !== booking.room?.number ? named.number : null;
        const given = number === null ? null : formatRoomNumber(number, language);
        showToast({
          variant: 'success',
          title: result.message,
          ...(given && { description: t`Room ${given}` }),
        });
      },
      onError: (error) => {
        const room = roomNamedBy(error);
        const idChecked = request.move === 'check-in' && request.idChecked;
        setCheckingIn(null);
        if (errorCode(error) === 'room_not_clean' && room) {
          setConfirming({ booking, room, ...(idChecked && { idChecked }) });
          return;
        }
        setConfirming(null);
        showToast({ variant: 'error', title: errorMessage(error, t`That did not work. Please try again.`) });
      },
    });
  }

  // The check-in is confirmed first (CheckInDialog): the room proposed or another free clean one
  // of the type, and the guest's ID checked. A room not ready is asked about again by the server.

  const stateOf = (b: DeskBooking) => {
    if (b.checkedOutAt) return <Trans>Checked out {formatDateTime(b.checkedOutAt, language)}</Trans>;
    if (b.checkedInAt) return <Trans>Checked in {formatDateTime(b.checkedInAt, language)}</Trans>;
    if (ACTIVE.includes(b.status)) return <Trans>Not checked in</Trans>;
    return statusLabel(i18n, b.status);
  };

  const row = (b: DeskBooking) => {
    const moves = movesFor(b, today);
    const roomStatus = b.room ? i18n._(ROOM_STATUS_LABELS[b.room.status as RoomStatus]) : null;
    return (
      <li
        key={b.id}
        className="grid items-center gap-3 p-4 md:grid-cols-[minmax(0,1fr)_13rem_auto]"
        data-testid="desk-row"
        data-booking-id={b.id}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-lg font-bold text-slate-900">{b.fullName}</p>
          {b.guest ? <GuestFlags guest={b.guest} /> : null}
          <ChannelSource booking={b} />
          <TradeSummary booking={b} />
          <p className="text-slate-700">
            <bdi dir="ltr">{b.phoneNumber}</bdi>
            {' · '}
            {roomName(b.roomType)}
            {' · '}
            {guestsCount(b.numberOfGuests ?? 1, language)}
            {b.children > 0 ? <>, {includingChildren(b.children, language)}</> : null}
            {' · '}
            <StayDates booking={b} />
          </p>
          <p className="text-slate-700">
            <Trans>
              Departure {formatDate(b.checkOutDate, language)}, by{' '}
              <bdi>{formatTimeOfDay(b.departureTime, language)}</bdi>
            </Trans>
            {b.onlineCheckIn ? (
              <>
                {' · '}
                <span className="font-semibold text-teal-800">
                  <Trans>Checked in online</Trans>
                </span>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-1 text-start">
          {b.room ? (
            <p className="text-slate-900" data-testid="desk-room">
              <Trans>
                Room <RoomNumber number={b.room.number} />
              </Trans>{' '}
              <span
                className={`rounded-full px-2 py-0.5 text-sm font-semibold ${READY.includes(b.room.status) ? 'bg-teal-50 text-teal-900' : 'bg-amber-100 text-amber-950'}`}
              >
                {roomStatus}
              </span>
            </p>
          ) : (
            <p className="text-slate-800" data-testid="desk-room">
              <Trans>No room: a free one is chosen at check-in</Trans>
              {' · '}
              <Link
                href="/admin/tape-chart"
                className="font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
              >
                <Trans>Assign rooms</Trans>
              </Link>
            </p>
          )}
          <p className="font-semibold text-slate-800" data-testid="desk-state">
            {stateOf(b)}
          </p>
          {b.checkedInAt || moves.checkIn ? (
            <DeskBalance
              balanceBaisa={b.balanceBaisa}
              expectedBalanceBaisa={b.expectedBalanceBaisa}
              paidByOta={b.paymentCollect === 'ota'}
            />
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 md:max-w-80">
          {moves.checkIn ? (
            <Button
              isDisabled={!online}
              isPending={move.isPending && move.variables?.id === b.id}
              onPress={() => setCheckingIn(b)}
              data-testid="desk-check-in"
            >
              <Trans>Check in</Trans>
            </Button>
          ) : null}
          {moves.checkOut ? (
            <Button
              isDisabled={!online}
              isPending={move.isPending && move.variables?.id === b.id}
              onPress={() => setLeaving(b)}
              data-testid="desk-check-out"
            >
              <Trans>Check out</Trans>
            </Button>
          ) : null}
          {moves.checkOut ? (
            // In house: a guest who phones for towels or a late check-out is logged from here.
            <Button variant="secondary" onPress={() => setAsking(b)} data-testid="desk-log-request">
              <Trans>Log a request</Trans>
            </Button>
          ) : null}
          <StayReversalActions
            stay={{
              id: b.id,
              fullName: b.fullName,
              checkInDate: b.checkInDate,
              checkOutDate: b.checkOutDate,
              roomNumber: b.room?.number ?? null,
              bookedCheckOutDate: b.bookedCheckOutDate,
            }}
            state={{ status: b.status, checkedInAt: b.checkedInAt, checkedOutAt: b.checkedOutAt }}
            isDisabled={!online}
            compact={false}
          />
          {ACTIVE.includes(b.status) || b.checkedInAt ? (
            // The stay's bill: charges from the restaurant or the laundry, payments, corrections.
            <Button variant="secondary" onPress={() => setFolioOf(b)} data-testid="desk-folio">
              <Trans>Folio</Trans>
            </Button>
          ) : null}
          {ACTIVE.includes(b.status) && !b.checkedOutAt ? (
            // Extend, shorten, correct the guest's details (and, for a manager, the price).
            <Button variant="secondary" onPress={() => setEditing(b)} data-testid="desk-edit-stay">
              <Trans>Edit stay</Trans>
            </Button>
          ) : null}
          {moves.noShow ? (
            <Button
              variant="danger"
              isDisabled={!online}
              isPending={move.isPending && move.variables?.id === b.id}
              onPress={() => run({ move: 'no-show', id: b.id }, b)}
              data-testid="desk-no-show"
            >
              <Trans>No-show</Trans>
            </Button>
          ) : null}
        </div>
      </li>
    );
  };

  const list = (key: TabKey) => {
    if (day.isPending) {
      return (
        <p role="status" className="text-slate-700">
          <Trans>Loading the day...</Trans>
        </p>
      );
    }
    if (day.isError && !day.data) {
      return (
        <LoadError onRetry={() => void day.refetch()}>
          {errorMessage(day.error, t`The day could not be loaded.`)}
        </LoadError>
      );
    }
    const rows = day.data?.[key] ?? [];
    if (rows.length === 0) {
      return (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          {i18n._(EMPTY_TEXT[key])}
        </p>
      );
    }
    return (
      <ul
        className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm"
        data-testid={`desk-list-${key}`}
      >
        {rows.map(row)}
      </ul>
    );
  };

  const roomNumber = confirming?.room.number ?? '';
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Front desk</Trans>}
        subtitle={<Trans>Arrivals, departures and guests in house for the day.</Trans>}
      />
      {!online ? (
        <OfflineNote>
          <Trans>
            You are offline. This is the last list loaded; check-in and check-out need a connection.
          </Trans>
        </OfflineNote>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <DatePicker label={t`Day`} value={date} onChange={(value) => setDate(value || today)} />
        {date !== today ? (
          <Button variant="secondary" onPress={() => setDate(today)}>
            <Trans>Today</Trans>
          </Button>
        ) : null}
      </div>

      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabKey)}>
        <TabList aria-label={t`The day at the desk`}>
          {(Object.keys(TAB_LABELS) as TabKey[]).map((key) => (
            <Tab key={key} id={key} className="px-3!">
              {i18n._(TAB_LABELS[key])}
              {day.data ? (
                <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-bold text-slate-800">
                  {formatCount(day.data[key].length, language)}
                </span>
              ) : null}
            </Tab>
          ))}
        </TabList>
        {(Object.keys(TAB_LABELS) as TabKey[]).map((key) => (
          <TabPanel key={key} id={key} className="flex flex-col gap-3">
            {list(key)}
          </TabPanel>
        ))}
      </Tabs>

      {/* The guests' in-stay requests, below the day's tabs. */}
      <StayRequestQueue />
      {asking ? (
        <Suspense fallback={null}>
          <LogRequestDialog booking={asking} onClose={() => setAsking(null)} />
        </Suspense>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <EditStayDialog
            booking={{
              ...editing,
              numberOfGuests: editing.numberOfGuests ?? 2,
              inHouse: editing.checkedInAt !== null,
            }}
            onClose={() => setEditing(null)}
            onSaved={() => void day.refetch()}
          />
        </Suspense>
      ) : null}

      <Modal
        title={t`Room not clean`}
        size="sm"
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
      >
        <p className="text-slate-800" data-testid="desk-not-clean-question">
          <Trans>
            Room <RoomNumber number={roomNumber} /> is not clean. Check in anyway?
          </Trans>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={() => setConfirming(null)}>
            <Trans>Not now</Trans>
          </Button>
          <Button
            isPending={move.isPending}
            onPress={() =>
              confirming &&
              run(
                {
                  move: 'check-in',
                  id: confirming.booking.id,
                  confirmNotClean: true,
                  // The room the server chose for a stay without one, so the same room is taken.
                  ...(confirming.room.id !== undefined && { roomId: confirming.room.id }),
                  ...(confirming.idChecked && { idChecked: true }),
                },
                confirming.booking,
              )
            }
            data-testid="desk-check-in-anyway"
          >
            <Trans>Check in anyway</Trans>
          </Button>
        </div>
      </Modal>

      {checkingIn ? (
        <Suspense fallback={null}>
          <CheckInDialog
            booking={checkingIn}
            isPending={move.isPending}
            onConfirm={(choice) => run({ move: 'check-in', id: checkingIn.id, ...choice }, checkingIn)}
            onClose={() => setCheckingIn(null)}
          />
        </Suspense>
      ) : null}
      {leaving ? (
        <Suspense fallback={null}>
          <CheckOutDialog
            booking={leaving}
            today={today}
            onClose={() => setLeaving(null)}
            onOpenFolio={() => {
              setFolioOf(leaving);
              setLeaving(null);
            }}
          />
        </Suspense>
      ) : null}
      {folioOf ? (
        <Suspense fallback={null}>
          <FolioDialog stay={folioOf} onClose={() => setFolioOf(null)} />
        </Suspense>
      ) : null}
    </main>
  );
}

/**
 * A stay's balance at the desk: what the stay is expected to end on, with the nights not yet on
 * the folio (what the check-out will ask), and what the folio says now when that differs. A stay
 * its OTA collects (`paidByOta`) owes nothing of it from the guest: the OTA's company account
 * takes it at check-out.
 */
function DeskBalance({
  balanceBaisa,
  expectedBalanceBaisa,
  paidByOta,
}: {
  balanceBaisa: number;
  expectedBalanceBaisa: number;
  paidByOta: boolean;
}) {
  const language = useLanguage();
  const expected = formatPrice(Math.abs(expectedBalanceBaisa), language);
  const now = formatPrice(Math.abs(balanceBaisa), language);
  return (
    <p
      className={expectedBalanceBaisa > 0 && !paidByOta ? 'font-semibold text-amber-900' : 'text-slate-700'}
      data-testid="desk-balance"
      data-balance-baisa={balanceBaisa}
      data-expected-baisa={expectedBalanceBaisa}
    >
      {expectedBalanceBaisa > 0 && paidByOta ? (
        <Trans>
          Paid by the OTA: <bdi>{expected}</bdi>
        </Trans>
      ) : expectedBalanceBaisa > 0 ? (
        <Trans>
          Due for the stay <bdi>{expected}</bdi>
        </Trans>
      ) : expectedBalanceBaisa < 0 ? (
        <Trans>
          In credit <bdi>{expected}</bdi>
        </Trans>
      ) : (
        <Trans>Nothing due</Trans>
      )}
      {balanceBaisa !== expectedBalanceBaisa ? (
        <span className="block text-sm font-normal text-slate-700" data-testid="desk-balance-now">
          {balanceBaisa > 0 && paidByOta ? (
            <Trans>
              On the folio now: <bdi>{now}</bdi>, paid by the OTA
            </Trans>
          ) : balanceBaisa > 0 ? (
            <Trans>
              On the folio now: <bdi>{now}</bdi> due
            </Trans>
          ) : balanceBaisa < 0 ? (
            <Trans>
              On the folio now: <bdi>{now}</bdi> paid in advance
            </Trans>
          ) : (
            <Trans>On the folio now: nothing due</Trans>
          )}
        </span>
      ) : null}
    </p>
  );
}

/**
 * What the guest's profile says at the desk: a returning guest and their earlier stays, VIP, and a
 * warning for a guest not to be given a room; the profile opens on the guests screen.
 */
function GuestFlags({ guest }: { guest: NonNullable<DeskBooking['guest']> }) {
  const language = useLanguage();
  const stays = formatCount(guest.previousStays, language);
  if (!guest.doNotRent && !guest.vip && guest.previousStays === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="desk-guest-flags">
      {guest.doNotRent ? (
        <span role="alert" className="rounded-full bg-red-700 px-3 py-0.5 text-sm font-bold text-white">
          <Trans>Do not rent: check with the manager</Trans>
        </span>
      ) : null}
      {guest.previousStays > 0 ? (
        <span className="rounded-full bg-teal-50 px-3 py-0.5 text-sm font-semibold text-teal-900">
          <Plural
            value={guest.previousStays}
            one={`Returning, ${stays} stay`}
            other={`Returning, ${stays} stays`}
          />
        </span>
      ) : null}
      {guest.vip ? (
        <span className="rounded-full bg-gold-100 px-3 py-0.5 text-sm font-bold text-gold-900">
          <Trans>VIP</Trans>
        </span>
      ) : null}
      <Link
        href={`/admin/guests?id=${guest.profileId}`}
        className="text-sm font-semibold text-teal-800 underline"
      >
        <Trans>Profile</Trans>
      </Link>
    </div>
  );
}
