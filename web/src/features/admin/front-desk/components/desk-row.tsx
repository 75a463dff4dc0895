import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-aria-components';
import type { Language, RoomStatus } from '@shared/constants';
import type { WindowListItemProps } from '@/components/admin/window-list';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/separator';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { ChannelSource } from '@/entities/admin/bookings/channel-source';
import { TradeSummary } from '@/entities/admin/bookings/trade-summary';
import { StayReversalActions } from '@/entities/admin/stay-reversals/stay-reversal-actions';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { guestsCount } from '@/lib/counts';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import type { DeskBooking } from '../api/front-desk';
import { formatPhone } from '@shared/phone-countries';
import { DeskExtras } from './desk-extras';

/** "including 2 children" / "منهم طفلان": of a stay's guests, its children. */
function includingChildren(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `including ${count} child`, other: `including ${count} children` });
}

const ROOM_STATUS_LABELS: Record<RoomStatus, MessageDescriptor> = {
  clean: msg({ message: 'Clean', context: 'room status' }),
  dirty: msg({ message: 'Dirty', context: 'room status' }),
  inspected: msg({ message: 'Inspected', context: 'room status' }),
  out_of_order: msg({ message: 'Out of order', context: 'room status' }),
};

const READY: string[] = ['clean', 'inspected'];
export const ACTIVE: string[] = ['approved', 'confirmed'];

/** A room's number in a sentence, by the one formatter ("Room 204" / "الغرفة ٢٠٤"). */
export function RoomNumber({ number }: { number: string }) {
  const language = useLanguage();
  return (
    <span translate="no" className="font-bold" data-testid="desk-room-number">
      {formatRoomNumber(number, language)}
    </span>
  );
}

export function StayDates({ booking }: { booking: Pick<DeskBooking, 'checkInDate' | 'checkOutDate'> }) {
  const language = useLanguage();
  const checkIn = formatDate(booking.checkInDate, language);
  const checkOut = formatDate(booking.checkOutDate, language);
  return (
    <Trans>
      {checkIn} to {checkOut}
    </Trans>
  );
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

export type DeskRowActions = {
  onCheckIn: (b: DeskBooking) => void;
  onCheckOut: (b: DeskBooking) => void;
  onLogRequest: (b: DeskBooking) => void;
  /** Sell an extra before the stay's arrival (decision 098). */
  onSellExtra?: (b: DeskBooking) => void;
  onFolio: (b: DeskBooking) => void;
  onEdit: (b: DeskBooking) => void;
  onNoShow: (b: DeskBooking) => void;
};

/**
 * One stay on the desk's list, compact enough for a full house on a tablet: the guest and what
 * the hotel knows of them (profile, OTA, trade), the stay in one line; the room and its state,
 * where the stay stands and its balance; and the moves the desk may make now.
 */
export function DeskRow({
  booking: b,
  today,
  online,
  pending,
  actions,
  itemProps,
}: {
  booking: DeskBooking;
  today: string;
  online: boolean;
  /** A move of this stay is on its way. */
  pending: boolean;
  actions: DeskRowActions;
  /** Its place in the list drawn as the page scrolls (components/admin/window-list.tsx). */
  itemProps?: WindowListItemProps;
}) {
  const { i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const moves = movesFor(b, today);
  const roomStatus = b.room ? i18n._(ROOM_STATUS_LABELS[b.room.status as RoomStatus]) : null;
  const state = b.checkedOutAt ? (
    <Trans>Checked out {formatDateTime(b.checkedOutAt, language)}</Trans>
  ) : b.checkedInAt ? (
    <Trans>Checked in {formatDateTime(b.checkedInAt, language)}</Trans>
  ) : ACTIVE.includes(b.status) && b.checkInDate < today ? (
    // A late arrival: due on an earlier day, still expected (the desk may check in or mark a no-show).
    <span className="text-amber-900">
      <Trans>Not checked in: due {formatDate(b.checkInDate, language)}</Trans>
    </span>
  ) : ACTIVE.includes(b.status) ? (
    <Trans>Not checked in</Trans>
  ) : (
    statusLabel(i18n, b.status)
  );
  return (
    <li
      {...itemProps}
      className="grid items-start gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_15rem] lg:grid-cols-[minmax(0,1fr)_15rem_auto]"
      data-testid="desk-row"
      data-booking-id={b.id}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-lg font-bold text-slate-900">{b.fullName}</p>
        {b.guest ? <GuestFlags guest={b.guest} /> : null}
        <ChannelSource booking={b} />
        <TradeSummary booking={b} />
        <p className="text-sm text-slate-700">
          <bdi dir="ltr">{formatPhone(b.phoneNumber)}</bdi>
          <Separator />
          {roomName(b.roomType)}
          <Separator />
          {guestsCount(b.numberOfGuests ?? 1, language)}
          {b.children > 0 ? <>, {includingChildren(b.children, language)}</> : null}
          <Separator />
          <StayDates booking={b} />
          <Separator />
          <Trans>
            Departure by <bdi>{formatTimeOfDay(b.departureTime, language)}</bdi>
          </Trans>
          {b.onlineCheckIn ? (
            <>
              <Separator />
              <span className="font-semibold text-teal-800">
                <Trans>Checked in online</Trans>
              </span>
            </>
          ) : null}
        </p>
        <DeskExtras extras={b.extras ?? []} online={online} />
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
          <p className="text-sm text-slate-800" data-testid="desk-room">
            <Trans>No room: a free one is chosen at check-in</Trans>
            <Separator />
            <Link
              href="/admin/tape-chart"
              className="font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
            >
              <Trans>Assign rooms</Trans>
            </Link>
          </p>
        )}
        <p className="font-semibold text-slate-800" data-testid="desk-state">
          {state}
        </p>
        {b.checkedInAt || moves.checkIn ? (
          <DeskBalance
            balanceBaisa={b.balanceBaisa}
            expectedBalanceBaisa={b.expectedBalanceBaisa}
            paidByOta={b.paymentCollect === 'ota'}
            arrived={b.checkedInAt !== null}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 md:col-span-2 lg:col-span-1 lg:max-w-96 lg:justify-end">
        {moves.checkIn ? (
          <Button
            isDisabled={!online}
            isPending={pending}
            onPress={() => actions.onCheckIn(b)}
            data-testid="desk-check-in"
          >
            <Trans>Check in</Trans>
          </Button>
        ) : null}
        {moves.checkOut ? (
          <Button
            isDisabled={!online}
            isPending={pending}
            onPress={() => actions.onCheckOut(b)}
            data-testid="desk-check-out"
          >
            <Trans>Check out</Trans>
          </Button>
        ) : null}
        {moves.checkOut ? (
          // In house: a guest who phones for towels or a late check-out is logged from here.
          <Button variant="secondary" onPress={() => actions.onLogRequest(b)} data-testid="desk-log-request">
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
          <Button variant="secondary" onPress={() => actions.onFolio(b)} data-testid="desk-folio">
            <Trans>Folio</Trans>
          </Button>
        ) : null}
        {ACTIVE.includes(b.status) && !b.checkedOutAt ? (
          // Extend, shorten, correct the guest's details (and, for a manager, the price).
          <Button variant="secondary" onPress={() => actions.onEdit(b)} data-testid="desk-edit-stay">
            <Trans>Edit stay</Trans>
          </Button>
        ) : null}
        {actions.onSellExtra && ACTIVE.includes(b.status) && !b.checkedInAt && b.checkInDate >= today ? (
          <Button
            variant="secondary"
            isDisabled={!online}
            onPress={() => actions.onSellExtra?.(b)}
            data-testid="desk-sell-extra"
          >
            <Trans>Sell an extra</Trans>
          </Button>
        ) : null}
        {moves.noShow ? (
          <Button
            variant="danger"
            isDisabled={!online}
            isPending={pending}
            onPress={() => actions.onNoShow(b)}
            data-testid="desk-no-show"
          >
            <Trans>No-show</Trans>
          </Button>
        ) : null}
      </div>
    </li>
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
  arrived,
}: {
  balanceBaisa: number;
  expectedBalanceBaisa: number;
  paidByOta: boolean;
  /** Checked in: before, an empty folio has nothing to say. */
  arrived: boolean;
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
          Paid by the OTA: <bdi className="whitespace-nowrap">{expected}</bdi>
        </Trans>
      ) : expectedBalanceBaisa > 0 ? (
        <Trans>
          Due for the stay <bdi className="whitespace-nowrap">{expected}</bdi>
        </Trans>
      ) : expectedBalanceBaisa < 0 ? (
        <Trans>
          In credit <bdi className="whitespace-nowrap">{expected}</bdi>
        </Trans>
      ) : (
        <Trans>Nothing due</Trans>
      )}
      {balanceBaisa !== expectedBalanceBaisa && (arrived || balanceBaisa !== 0) ? (
        <span className="block text-sm font-normal text-slate-700" data-testid="desk-balance-now">
          {balanceBaisa > 0 && paidByOta ? (
            <Trans>
              On the folio now: <bdi className="whitespace-nowrap">{now}</bdi>, paid by the OTA
            </Trans>
          ) : balanceBaisa > 0 ? (
            <Trans>
              On the folio now: <bdi className="whitespace-nowrap">{now}</bdi> due
            </Trans>
          ) : balanceBaisa < 0 ? (
            <Trans>
              On the folio now: <bdi className="whitespace-nowrap">{now}</bdi> paid in advance
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
