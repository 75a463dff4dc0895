import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { RoomStatus } from '@shared/constants';
import type { ToCleanReason } from '@shared/housekeeping';
import { Button } from '@/components/ui/button';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import type { HousekeepingRoom } from '../api/get-housekeeping-board';

/** Status badges: the word and a colour (never the colour alone), each at AA contrast. */
const statusClass: Record<RoomStatus, string> = {
  clean: 'bg-emerald-100 text-emerald-900 ring-emerald-700/30',
  dirty: 'bg-red-100 text-red-900 ring-red-700/30',
  inspected: 'bg-sky-100 text-sky-900 ring-sky-700/30',
  out_of_order: 'bg-slate-200 text-slate-900 ring-slate-700/30',
};

const cardEdge: Record<RoomStatus, string> = {
  clean: 'border-s-emerald-600',
  dirty: 'border-s-red-600',
  inspected: 'border-s-sky-600',
  out_of_order: 'border-s-slate-500',
};

export function useStatusLabels(): Record<RoomStatus, string> {
  const { t } = useLingui();
  return { clean: t`Clean`, dirty: t`Dirty`, inspected: t`Inspected`, out_of_order: t`Out of order` };
}

function Chip({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${strong ? 'bg-teal-700 text-white' : 'bg-sand-100 text-slate-800'}`}
    >
      {children}
    </span>
  );
}

/**
 * One room on the housekeeping board, for a phone: its number large (the one formatter: left to
 * right, in the language's digits), type, status (word and colour), what the day brings (departure,
 * stay-over, arrival, vacant), and one tap to mark it clean, inspected or dirty. `why` is set in
 * the "To clean" list.
 */
export function RoomCard({
  room,
  why,
  disabled,
  onStatus,
  onOutOfOrder,
}: {
  room: HousekeepingRoom;
  why?: ToCleanReason;
  disabled: boolean;
  onStatus: (room: HousekeepingRoom, status: 'clean' | 'inspected' | 'dirty') => void;
  /** The desk's out-of-order actions; left out for a housekeeper. */
  onOutOfOrder?: (room: HousekeepingRoom) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const labels = useStatusLabels();
  const number = formatRoomNumber(room.number, language);
  const blocked = room.outOfOrder !== null || room.status === 'out_of_order';
  // A stay-over's daily service: "Clean" again even when the badge already says clean.
  const offerClean = room.status === 'dirty' || why === 'stay_over';
  const whyLabel: Record<ToCleanReason, string> = {
    departure: t`Guest leaving: ready the room`,
    stay_over: t`Stay-over: daily service`,
    dirty: t`Dirty room`,
  };

  return (
    <article
      data-testid="housekeeping-room"
      data-room={room.number}
      data-status={room.status}
      aria-label={t`Room ${number}`}
      className={`flex flex-col gap-2.5 rounded-2xl border border-s-8 border-sand-200 bg-white p-4 shadow-sm ${cardEdge[room.status]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <h3 className="text-3xl leading-tight font-bold text-slate-900">
            <span className="sr-only">
              <Trans>Room</Trans>{' '}
            </span>
            {number}
          </h3>
          <p className="text-sm text-slate-700">{roomName(room.roomType)}</p>
        </div>
        <span
          data-testid="room-status"
          className={`shrink-0 rounded-full px-3 py-1 text-base font-bold ring-1 ${statusClass[room.status]}`}
        >
          {labels[room.status]}
        </span>
      </div>

      {why ? <p className="font-semibold text-teal-800">{whyLabel[why]}</p> : null}

      <div className="flex flex-wrap gap-2" data-testid="room-flags">
        {room.departure ? <Chip strong>{t`Departure today`}</Chip> : null}
        {room.departure && room.checkedOut ? <Chip>{t`Checked out`}</Chip> : null}
        {room.lateCheckOut ? (
          <Chip>{t`Late check-out ${formatTimeOfDay(room.lateCheckOut, language)}`}</Chip>
        ) : null}
        {room.stayOver ? <Chip>{t`Stay-over`}</Chip> : null}
        {room.arrival && !room.arrived ? <Chip strong>{t`Arrival today`}</Chip> : null}
        {room.arrived ? <Chip>{t`Arrived today: in house`}</Chip> : null}
        {room.vacant && !room.arrival ? <Chip>{t`Vacant`}</Chip> : null}
      </div>

      {room.outOfOrder ? (
        <p className="rounded-xl bg-slate-100 p-2 text-sm text-slate-900">
          <Trans>
            Out of order: <bdi>{room.outOfOrder.reason}</bdi>. Back in service on{' '}
            {formatDate(room.outOfOrder.to, language)}.
          </Trans>
        </p>
      ) : null}
      {room.notes ? (
        <p className="text-sm break-words text-slate-700">
          <bdi>{room.notes}</bdi>
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {offerClean && !blocked ? (
          <Button
            data-testid="mark-clean"
            className="min-h-11 flex-1 px-3 whitespace-nowrap"
            isDisabled={disabled}
            onPress={() => onStatus(room, 'clean')}
            aria-label={t`Mark room ${number} clean`}
          >
            <Trans>Clean</Trans>
          </Button>
        ) : null}
        {room.status !== 'inspected' && !blocked ? (
          <Button
            data-testid="mark-inspected"
            variant="secondary"
            className="min-h-11 flex-1 px-3 whitespace-nowrap"
            isDisabled={disabled}
            onPress={() => onStatus(room, 'inspected')}
            aria-label={t`Mark room ${number} inspected`}
          >
            <Trans>Inspected</Trans>
          </Button>
        ) : null}
        {blocked && onOutOfOrder ? (
          // Ends the out-of-order period from today (PUT /api/admin/rooms/:id): to be cleaned first.
          <Button
            data-testid="back-in-service"
            variant="secondary"
            className="min-h-11 flex-1 px-3 whitespace-nowrap"
            isDisabled={disabled}
            onPress={() => onStatus(room, 'dirty')}
            aria-label={t`Put room ${number} back in service`}
          >
            <Trans>Back in service</Trans>
          </Button>
        ) : !blocked && room.status !== 'dirty' ? (
          <Button
            data-testid="mark-dirty"
            variant="secondary"
            className="min-h-11 flex-1 px-3 whitespace-nowrap"
            isDisabled={disabled}
            onPress={() => onStatus(room, 'dirty')}
            aria-label={t`Mark room ${number} dirty`}
          >
            <Trans>Dirty</Trans>
          </Button>
        ) : null}
        {onOutOfOrder ? (
          <Button
            data-testid="out-of-order"
            variant="ghost"
            className="min-h-11 px-3 whitespace-nowrap"
            isDisabled={disabled}
            onPress={() => onOutOfOrder(room)}
            aria-label={t`Out of order… room ${number}`}
          >
            <Trans>Out of order…</Trans>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
