import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { ROOM_STATUSES } from '@shared/constants';
import { ChevronDownIcon } from '@/components/more-icons';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LinkButton } from '@/components/ui/button';
import { LoadError } from '@/components/load-error';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { roomsCount } from '@/lib/counts';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useOnline } from '@/lib/use-online';
import { type HousekeepingRoom, useHousekeepingBoard } from '../api/get-housekeeping-board';
import { useSetRoomStatus } from '../api/update-room';
import { OutOfOrderDialog } from './out-of-order-dialog';
import { RoomCard, useStatusLabels } from './room-card';
import { StayRequestQueue } from '@/entities/admin/stay-requests/stay-request-queue';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';

/**
 * /housekeeping: the housekeeping board for a phone on the floors. On top, the rooms
 * to clean today in the server's order (rooms a guest leaves, then stay-overs' daily service, then
 * other dirty rooms); then every room by floor. One tap marks a room clean, inspected or dirty
 * (at once on the screen, undone if the server refuses); "Out of order…" takes a reason and dates.
 * Polled every 5 s; offline the last board stays readable and taps wait for the connection.
 * A housekeeper sees the board, marks rooms and answers the rooms' own requests (towels, cleaning,
 * maintenance; the server sends them no guest's name); out-of-order periods are the desk's.
 */
export function HousekeepingScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const board = useHousekeepingBoard();
  const setStatus = useSetRoomStatus();
  const labels = useStatusLabels();
  const [blocking, setBlocking] = useState<HousekeepingRoom | null>(null);
  const desk = hasRole(useCurrentUser().data, 'staff');
  // Floors start folded (a phone shows "To clean" and one line per floor); each opens on a tap.
  const [openFloors, setOpenFloors] = useState<ReadonlySet<number>>(new Set());

  const onStatus = (room: HousekeepingRoom, status: 'clean' | 'inspected' | 'dirty') => {
    const number = formatRoomNumber(room.number, language);
    setStatus.mutate(
      { roomId: room.id, status },
      {
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`Room ${number} is still ${labels[room.status]}`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  };

  const data = board.data;
  const byId = new Map(data?.floors.flatMap((floor) => floor.rooms.map((room) => [room.id, room])) ?? []);
  const cardProps = { disabled: !online, onStatus, onOutOfOrder: desk ? setBlocking : undefined };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
      <AdminPageHeader
        title={<Trans>Housekeeping</Trans>}
        backHref={desk ? undefined : null}
        // The day's tasks: a housekeeper's own list, the desk's board by floor.
        actions={
          <LinkButton href={desk ? '/admin/housekeeping/board' : '/housekeeping/tasks'} variant="secondary">
            {desk ? <Trans>Tasks board</Trans> : <Trans>My tasks</Trans>}
          </LinkButton>
        }
        subtitle={
          data ? (
            <Trans>Today, {formatDate(data.date, language)}. Refreshed every 5 seconds.</Trans>
          ) : undefined
        }
      />
      {!online && (
        <OfflineNote>
          <Trans>You are offline. This is the last board loaded; marking rooms needs a connection.</Trans>
        </OfflineNote>
      )}
      {board.isError && !data && (
        <LoadError onRetry={() => void board.refetch()}>
          <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {board.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading the rooms…</Trans>
        </p>
      )}
      {data && (
        <>
          <section
            aria-labelledby="to-clean-heading"
            data-testid="housekeeping-to-clean"
            className="flex flex-col gap-3"
          >
            <h2
              id="to-clean-heading"
              className="flex flex-wrap items-baseline gap-x-3 text-2xl font-bold text-teal-800"
            >
              <Trans>To clean</Trans>
              {data.toClean.length > 0 ? (
                <span className="text-base font-semibold text-slate-700">
                  {roomsCount(data.toClean.length, language)}
                </span>
              ) : null}
            </h2>
            {data.toClean.length === 0 ? (
              <p className="rounded-xl bg-sand-100 p-4 text-slate-800">
                <Trans>No room is waiting to be cleaned.</Trans>
              </p>
            ) : (
              <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {data.toClean.map(({ roomId, why }) => {
                  const room = byId.get(roomId);
                  return room ? (
                    <li key={roomId}>
                      <RoomCard room={room} why={why} {...cardProps} />
                    </li>
                  ) : null;
                })}
              </ol>
            )}
          </section>

          {/* The guests' in-stay requests (towels, cleaning, repairs…), between the rooms to clean
              and the floors. */}
          <StayRequestQueue />

          {data.floors.map(({ floor, rooms }) => (
            <FloorSection
              key={floor}
              floor={floor}
              rooms={rooms}
              expanded={openFloors.has(floor)}
              onExpandedChange={(open) =>
                setOpenFloors((floors) => {
                  const next = new Set(floors);
                  if (open) next.add(floor);
                  else next.delete(floor);
                  return next;
                })
              }
              renderRoom={(room) => <RoomCard room={room} {...cardProps} />}
            />
          ))}
          {desk ? (
            <OutOfOrderDialog room={blocking} today={data.date} onClose={() => setBlocking(null)} />
          ) : null}
        </>
      )}
    </main>
  );
}

/**
 * A floor: its heading is a button that shows or hides its rooms (a plain disclosure, as in the
 * VIP list), with how many rooms it has in each status; folded, its rooms are not rendered.
 */
function FloorSection({
  floor,
  rooms,
  expanded,
  onExpandedChange,
  renderRoom,
}: {
  floor: number;
  rooms: HousekeepingRoom[];
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  renderRoom: (room: HousekeepingRoom) => ReactNode;
}) {
  const language = useLanguage();
  const labels = useStatusLabels();
  const panelId = useId();
  const counts = ROOM_STATUSES.map(
    (status) => [status, rooms.filter((r) => r.status === status).length] as const,
  );
  return (
    <section data-testid={`housekeeping-floor-${floor}`} className="flex flex-col gap-3">
      <h2 className="rounded-2xl border border-sand-200 bg-white shadow-sm">
        <AriaButton
          aria-expanded={expanded}
          aria-controls={panelId}
          onPress={() => onExpandedChange(!expanded)}
          className="group flex min-h-11 w-full cursor-pointer flex-wrap items-center justify-between gap-2 rounded-2xl p-4 text-start outline-none data-[hovered]:bg-sand-50 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700"
        >
          <span className="text-xl font-bold text-teal-800">
            {floor === 0 ? <Trans>Ground floor</Trans> : <Trans>Floor {formatCount(floor, language)}</Trans>}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
            <span>{roomsCount(rooms.length, language)}</span>
            {counts
              .filter(([, n]) => n > 0)
              .map(([status, n]) => (
                <span key={status} className="rounded-full bg-sand-100 px-2 py-0.5">
                  {labels[status]} {formatCount(n, language)}
                </span>
              ))}
            <ChevronDownIcon
              className={`size-5 shrink-0 text-teal-800 transition-transform ${expanded ? 'rotate-180' : ''}`}
            />
          </span>
        </AriaButton>
      </h2>
      <div id={panelId} hidden={!expanded}>
        {expanded ? (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {rooms.map((room) => (
              <li key={room.id}>{renderRoom(room)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
