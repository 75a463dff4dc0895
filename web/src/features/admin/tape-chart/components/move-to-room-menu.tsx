import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useAssignRoom, useTapeChart } from '../api/tape-chart';
import { freeRooms, stayWindow } from '../lib/grid';
import { roomStatusLabel } from '../lib/labels';

export type MovableStay = {
  bookingId: number;
  roomType: string;
  checkInDate: string;
  checkOutDate: string;
  guestName: string;
};

/**
 * "Move to room" (or "Assign a room"): a react-aria Menu of the rooms of the stay's type free on
 * every night of it — the keyboard and screen-reader way to do what dragging a bar does. The
 * rooms are read when the menu opens, from the chart of the stay's own nights.
 */
export function MoveToRoomMenu({
  stay,
  currentRoomId,
  onMoved,
}: {
  stay: MovableStay;
  currentRoomId?: number;
  onMoved?: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  // When the menu opened: the rooms offered are read from an answer at least that recent (a
  // cached one may still hold a room another stay has just moved into).
  const [openedAt, setOpenedAt] = useState(0);
  const window = stayWindow(stay);
  const chart = useTapeChart(window.from, window.nights, open);
  const assign = useAssignRoom();
  const fresh = chart.data !== undefined && chart.dataUpdatedAt >= openedAt;
  const rooms = fresh ? freeRooms(chart.data, stay, currentRoomId) : [];
  const onOpenChange = (next: boolean) => {
    if (next) {
      setOpenedAt(Date.now());
      if (chart.data) void chart.refetch();
    }
    setOpen(next);
  };
  const label = currentRoomId ? t`Move to room` : t`Assign a room`;

  const onAction = (roomId: number) => {
    const room = rooms.find((r) => r.id === roomId);
    assign.mutate(
      { bookingId: stay.bookingId, roomId },
      {
        onSuccess: () => {
          const number = formatRoomNumber(room?.number ?? '', language);
          showToast({ variant: 'success', title: t`${stay.guestName}: room ${number}` });
          onMoved?.();
        },
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The room could not be changed`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  };

  return (
    <MenuTrigger isOpen={open} onOpenChange={onOpenChange}>
      <Button
        variant="secondary"
        className="whitespace-nowrap"
        isDisabled={assign.isPending}
        data-testid="move-to-room"
      >
        {label}
      </Button>
      <Popover className="max-h-80 min-w-56 overflow-auto rounded-xl border border-sand-200 bg-white p-1 shadow-lg outline-none">
        <Menu
          aria-label={label}
          items={rooms}
          data-testid="move-to-room-menu"
          className="outline-none"
          onAction={(key) => onAction(Number(key))}
          renderEmptyState={() => (
            <p className="p-3 text-slate-700">
              {!fresh ? (
                <Trans>Loading rooms…</Trans>
              ) : (
                <Trans>No room of this type is free for the whole stay.</Trans>
              )}
            </p>
          )}
        >
          {(room) => (
            <MenuItem
              id={room.id}
              // Typeahead only: the collator matches "٢٠" and "20" alike.
              textValue={room.number}
              data-testid={`move-to-room-${room.number}`}
              className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-slate-900 outline-none data-[focused]:bg-teal-700 data-[focused]:text-white"
            >
              <span>
                <Trans>Room</Trans>{' '}
                <span className="font-bold">{formatRoomNumber(room.number, language)}</span>
              </span>
              <span className="text-sm">{roomStatusLabel(i18n, room.status)}</span>
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
