import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { addDays, hotelToday } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { EditRefusal } from '@/entities/admin/bookings/edit-booking';
import type { ChartStay } from '../api/tape-chart';
import { useChangeStayLength } from '../api/change-stay-length';

/** The earliest departure staff may give a stay: after its first night, and not before today. */
function earliestDeparture(stay: Pick<ChartStay, 'checkInDate' | 'checkedIn'>): string {
  const afterFirstNight = addDays(stay.checkInDate, 1);
  const today = hotelToday();
  return stay.checkedIn && today > afterFirstNight ? today : afterFirstNight;
}

/** Moves the stay's departure by `nights` (negative: shorter), and says what happened. */
function useMoveDeparture(stay: ChartStay) {
  const { t } = useLingui();
  const language = useLanguage();
  const change = useChangeStayLength();
  const move = (nights: number, onDone?: () => void) => {
    if (nights === 0) return;
    const checkOutDate = addDays(stay.checkOutDate, nights);
    if (checkOutDate < earliestDeparture(stay)) return;
    change.mutate(
      { id: stay.bookingId, checkOutDate },
      {
        onSuccess: () => {
          const day = formatDate(checkOutDate, language);
          showToast({ variant: 'success', title: t`${stay.guestName}: departure ${day}` });
          onDone?.();
        },
        onError: (error) => {
          const rooms = error instanceof EditRefusal ? error.rooms : [];
          const free = rooms.map((room) => formatRoomNumber(room.number, language)).join('، ');
          showToast({
            variant: 'error',
            title: error.message,
            ...(rooms.length > 0 && {
              description: t`Free rooms of this type: ${free}. Move the stay with "Edit stay" on the desk or the bookings desk.`,
            }),
          });
        },
      },
    );
  };
  return { move, isPending: change.isPending };
}

/** "Extend by a night" and "Shorten by a night": the keyboard's way of dragging the bar's end. */
export function StayLengthActions({ stay, onChanged }: { stay: ChartStay; onChanged?: () => void }) {
  const { move, isPending } = useMoveDeparture(stay);
  const canShorten = addDays(stay.checkOutDate, -1) >= earliestDeparture(stay);
  return (
    <>
      <Button
        variant="secondary"
        isPending={isPending}
        onPress={() => move(1, onChanged)}
        data-testid="tape-extend-night"
      >
        <Trans>Extend by a night</Trans>
      </Button>
      {canShorten ? (
        <Button variant="secondary" isPending={isPending} onPress={() => move(-1, onChanged)}>
          <Trans>Shorten by a night</Trans>
        </Button>
      ) : null}
    </>
  );
}

/**
 * The handle at the end of a stay's bar (the left in Arabic): dragged with a finger, a pen or a
 * mouse, the bar grows or shrinks by whole nights as it moves, and letting go saves the new
 * departure. Pointer only: the keyboard's way is the stay's "Extend by a night" (its details).
 */
export function StayEndHandle({ stay, span }: { stay: ChartStay; span: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { move } = useMoveDeparture(stay);
  const [delta, setDelta] = useState(0);
  const [dayWidth, setDayWidth] = useState(0);
  const drag = useRef<{ x: number; dayWidth: number; rtl: boolean } | null>(null);
  const minDelta = -nightsBetween(earliestDeparture(stay), stay.checkOutDate);

  const nightsFor = (event: ReactPointerEvent) => {
    const d = drag.current!;
    const dx = (event.clientX - d.x) * (d.rtl ? -1 : 1);
    return Math.max(minDelta, Math.round(dx / d.dayWidth));
  };
  const count = formatCount(Math.abs(delta), language);
  return (
    <div
      aria-hidden="true"
      data-testid="tape-stay-end"
      title={t`Drag to change the departure`}
      className="absolute inset-y-1 end-0 z-20 w-4 cursor-ew-resize touch-none rounded-e-lg hover:bg-teal-700/30 data-[dragging]:border-2 data-[dragging]:border-dashed data-[dragging]:border-teal-800 data-[dragging]:bg-teal-700/20"
      data-dragging={delta !== 0 || undefined}
      // While dragged, the handle shows the bar's new end: longer past the cell, or shorter inside it.
      style={
        delta === 0
          ? undefined
          : { width: Math.max(16, 16 + delta * dayWidth), insetInlineEnd: Math.min(0, -delta * dayWidth) }
      }
      onPointerDown={(event) => {
        event.stopPropagation();
        event.preventDefault();
        const cell = event.currentTarget.parentElement!;
        drag.current = {
          x: event.clientX,
          dayWidth: cell.getBoundingClientRect().width / span,
          rtl: getComputedStyle(cell).direction === 'rtl',
        };
        setDayWidth(drag.current.dayWidth);
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (drag.current) setDelta(nightsFor(event));
      }}
      onPointerUp={(event) => {
        if (!drag.current) return;
        const nights = nightsFor(event);
        drag.current = null;
        setDelta(0);
        move(nights);
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDelta(0);
      }}
    >
      {delta !== 0 ? (
        <span
          className="pointer-events-none absolute top-full end-0 z-30 mt-1 rounded-md bg-teal-800 px-2 py-1 text-xs font-bold whitespace-nowrap text-white"
          data-testid="tape-stay-end-preview"
        >
          {delta > 0
            ? plural(delta, { one: `+${count} night`, other: `+${count} nights` })
            : plural(-delta, { one: `−${count} night`, other: `−${count} nights` })}
        </span>
      ) : null}
    </div>
  );
}
