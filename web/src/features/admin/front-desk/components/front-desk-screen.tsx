import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { hotelToday } from '@shared/dates';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { LazyDatePicker } from '@/components/ui/lazy-date-picker';
import { Modal } from '@/components/ui/dialog';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { WindowList } from '@/components/admin/window-list';
import { StayRequestQueue } from '@/entities/admin/stay-requests/stay-request-queue';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorCode, errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';
import { useSearch } from '@/lib/router';
import { useOnline } from '@/lib/use-online';
import { useDeskMove, useFrontDesk, type DeskBooking, type DeskMove } from '../api/front-desk';
import { DESK_TABS, deskTabs, matchesDesk, type DeskTab } from '../lib/desk-lists';
import { DeskFlagged } from './desk-flagged';
import { DeskRegistrations } from './desk-registrations';
import { DeskRow, RoomNumber, type DeskRowActions } from './desk-row';
import { DeskSummary } from './desk-summary';
import type { RoomOccupant } from './room-occupied-dialog';

// Opened for a guest in house who phones: a chunk of its own.
const LogRequestDialog = lazy(() => import('./log-request-dialog'));
// An extra sold at the desk before the stay's arrival (decision 098): a chunk of its own.
const SellExtraDialog = lazy(() => import('./sell-extra-dialog'));
// Editing a stay (arrivals and guests in house): the shared dialog, a chunk of its own.
const EditStayDialog = lazy(() => import('@/entities/admin/bookings/edit-stay-dialog'));
// A stay's folio (lines, balance, charges, payments, corrections, refunds): the shared dialog.
const FolioDialog = lazy(() => import('@/entities/admin/folio/folio-dialog'));
// The check-out, asked first, with its balance step: a chunk of its own.
const CheckOutDialog = lazy(() => import('./check-out-dialog'));
// The check-in, confirmed first (the room, a way to change it, the ID check): a chunk of its own.
const CheckInDialog = lazy(() => import('./check-in-dialog'));
// A check-in refused because the room's guest has not left: a chunk of its own.
const RoomOccupiedDialog = lazy(() => import('./room-occupied-dialog'));

const TAB_LABELS: Record<DeskTab, MessageDescriptor> = {
  arrivals: msg`Arrivals`,
  inHouse: msg`Guests in house`,
  departures: msg`Departures`,
  unassigned: msg`No room yet`,
};

const EMPTY_TEXT: Record<DeskTab, MessageDescriptor> = {
  arrivals: msg`No arrivals on this day.`,
  inHouse: msg`Nobody is staying this night.`,
  departures: msg`No departures on this day.`,
  unassigned: msg`Every stay of the day has its room.`,
};

/** A room as the desk names it: its number, and its id when the server chose it. */
type NamedRoom = { id?: number; number: string };

/** The stay a `room_occupied` answer names (the guest still in the room), with the room. */
function occupantNamedBy(error: unknown): { room: string; stay: RoomOccupant } | null {
  if (!(error instanceof ApiRequestError) || errorCode(error) !== 'room_occupied') return null;
  const body = error.body?.error as { room?: { number?: unknown }; stay?: Partial<RoomOccupant> } | undefined;
  const stay = body?.stay;
  if (
    typeof body?.room?.number !== 'string' ||
    typeof stay?.id !== 'number' ||
    typeof stay.reference !== 'string' ||
    typeof stay.fullName !== 'string' ||
    typeof stay.checkOutDate !== 'string'
  )
    return null;
  return {
    room: body.room.number,
    stay: {
      id: stay.id,
      reference: stay.reference,
      fullName: stay.fullName,
      checkOutDate: stay.checkOutDate,
    },
  };
}

/** The room a `room_not_clean` answer names (the one the server would check the guest into). */
function roomNamedBy(error: unknown): NamedRoom | null {
  if (!(error instanceof ApiRequestError)) return null;
  const room = (error.body?.error as { room?: { id?: unknown; number?: unknown } } | undefined)?.room;
  if (!room || typeof room.number !== 'string') return null;
  return { number: room.number, ...(typeof room.id === 'number' && { id: room.id }) };
}

/**
 * /admin/front-desk: the day at the desk on a tablet (docs/decisions/085-the-desk-s-day.md). A
 * date (today, hotel time, by default), a search (name, room, reference or phone, on the day's
 * list already loaded), the OTA bookings still to place, and four tabs, each with counts that say
 * what they count: arrivals, guests in house, departures, and the stays without a room yet. Each
 * row has the guest, the room (or a link to assign one on the tape chart), the stay's state and
 * the moves the desk may make now: check in (confirmed first when the room is not clean), check
 * out, no-show. `?flagged=<id>` (the bell's alert of an OTA booking to place) shows that booking
 * first. Polled every few seconds; offline the last list stays readable and the moves wait.
 */
export function FrontDeskScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const today = hotelToday();
  const [date, setDate] = useState(today);
  const [tab, setTab] = useState<DeskTab>('arrivals');
  const [query, setQuery] = useState('');
  const linked = Number(new URLSearchParams(useSearch()).get('flagged'));
  const linkedFlagged = Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  // A check-in being confirmed: its room, another room, the ID check.
  const [checkingIn, setCheckingIn] = useState<DeskBooking | null>(null);
  // A check-in waiting for "check in anyway": the booking, and the room the server named.
  const [confirming, setConfirming] = useState<{
    booking: DeskBooking;
    room: NamedRoom;
    idChecked?: boolean;
  } | null>(null);
  // A check-in refused: the room's guest has not left (who, and the room).
  const [occupied, setOccupied] = useState<{
    booking: DeskBooking;
    room: string;
    stay: RoomOccupant;
  } | null>(null);
  // A check-out waiting for staff to confirm it (and, when early, what happens to the nights left).
  const [leaving, setLeaving] = useState<DeskBooking | null>(null);
  const [asking, setAsking] = useState<DeskBooking | null>(null);
  const [selling, setSelling] = useState<DeskBooking | null>(null);
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
        const occupant = occupantNamedBy(error);
        if (occupant) {
          setConfirming(null);
          setOccupied({ booking, ...occupant });
          return;
        }
        if (errorCode(error) === 'room_not_clean' && room) {
          setConfirming({ booking, room, ...(idChecked && { idChecked }) });
          return;
        }
        setConfirming(null);
        showToast({ variant: 'error', title: errorMessage(error, t`That did not work. Please try again.`) });
      },
    });
  }

  const actions: DeskRowActions = {
    onCheckIn: setCheckingIn,
    onCheckOut: setLeaving,
    onLogRequest: setAsking,
    onSellExtra: setSelling,
    onFolio: setFolioOf,
    onEdit: setEditing,
    onNoShow: (b) => run({ move: 'no-show', id: b.id }, b),
  };
  const tabs = day.data ? deskTabs(day.data) : null;
  const shown = (key: DeskTab) => (tabs?.[key] ?? []).filter((b) => matchesDesk(b, query));

  const list = (key: DeskTab) => {
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
    const rows = shown(key);
    if (rows.length === 0) {
      return (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          {query.trim() ? <Trans>No stay of this list matches your search.</Trans> : i18n._(EMPTY_TEXT[key])}
        </p>
      );
    }
    // Drawn as the page scrolls: a full house is 120 rows and more (decision 087).
    return (
      <WindowList
        items={rows}
        itemKey={(b) => b.id}
        estimateHeight={121}
        className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm"
        data-testid={`desk-list-${key}`}
        renderItem={(b, itemProps) => (
          <DeskRow
            key={b.id}
            booking={b}
            today={today}
            online={online}
            pending={move.isPending && move.variables?.id === b.id}
            actions={actions}
            itemProps={itemProps}
          />
        )}
      />
    );
  };

  const roomNumber = confirming?.room.number ?? '';
  // A stay among the day's guests in house (the one a refused check-in names), to check it out.
  const inHouseStay = (id: number) => tabs?.inHouse.find((b) => b.id === id) ?? null;
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
        <LazyDatePicker label={t`Day`} value={date} onChange={(value) => setDate(value || today)} />
        {date !== today ? (
          <Button variant="secondary" onPress={() => setDate(today)}>
            <Trans>Today</Trans>
          </Button>
        ) : null}
        <TextField
          label={t`Find a guest`}
          type="search"
          placeholder={t`Name, room, reference or phone`}
          value={query}
          onChange={setQuery}
          className="w-full sm:w-auto sm:min-w-72 sm:flex-1 lg:max-w-md"
          data-testid="desk-search"
        />
      </div>

      {day.data ? (
        <DeskFlagged
          stays={day.data.flagged.filter((b) => matchesDesk(b, query))}
          linkedId={linkedFlagged}
          linkedPlaced={linkedFlagged !== null && !day.data.flagged.some((b) => b.id === linkedFlagged)}
          online={online}
          onEdit={setEditing}
        />
      ) : null}

      {/* Today's police registrations not sent: the incomplete ones completed here. */}
      {date === today ? <DeskRegistrations today={today} online={online} /> : null}

      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as DeskTab)}>
        <TabList aria-label={t`The day at the desk`}>
          {DESK_TABS.map((key) => (
            <Tab key={key} id={key} className="px-3!">
              {i18n._(TAB_LABELS[key])}
              {tabs ? (
                <span
                  className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-bold text-slate-800"
                  data-testid={`desk-count-${key}`}
                >
                  {formatCount(query.trim() ? shown(key).length : tabs[key].length, language)}
                </span>
              ) : null}
            </Tab>
          ))}
        </TabList>
        {DESK_TABS.map((key) => (
          <TabPanel key={key} id={key} className="flex flex-col gap-3">
            {tabs ? <DeskSummary tab={key} tabs={tabs} isToday={date === today} /> : null}
            {list(key)}
          </TabPanel>
        ))}
      </Tabs>

      {/* The guests' in-stay requests, below the day's tabs. */}
      <StayRequestQueue />
      {selling ? (
        <Suspense fallback={null}>
          <SellExtraDialog booking={selling} onClose={() => setSelling(null)} />
        </Suspense>
      ) : null}
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

      {occupied ? (
        <Suspense fallback={null}>
          <RoomOccupiedDialog
            room={occupied.room}
            stay={occupied.stay}
            arriving={occupied.booking.fullName}
            onClose={() => setOccupied(null)}
            onOtherRoom={() => {
              setCheckingIn(occupied.booking);
              setOccupied(null);
            }}
            {...(inHouseStay(occupied.stay.id) && {
              onCheckOut: () => {
                setLeaving(inHouseStay(occupied.stay.id)!);
                setOccupied(null);
              },
            })}
          />
        </Suspense>
      ) : null}
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
