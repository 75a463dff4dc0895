import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type CSSProperties, type Ref, useRef } from 'react';
import { type DropItem, useDrag, useDrop, type TextDropItem } from 'react-aria-components';
import { addDays } from '@shared/dates';
import { useWindowRows } from '@/components/admin/window-list';
import { showToast } from '@/components/ui/toast-queue';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { codesInTypeOrder } from '@/entities/admin/room-types/room-type-names';
import { roomTypeName, useNamedRoomTypes } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import {
  type ChartBlock,
  type ChartRoom,
  type ChartStay,
  type TapeChart,
  useAssignRoom,
} from '../api/tape-chart';
import { rowCells } from '../lib/grid';
import { nightHeading, roomStatusLabel } from '../lib/labels';
import { StayEndHandle } from './stay-length';

/** The drag item of a stay's bar (its booking id and where it is). */
const STAY_TYPE = 'application/x-hotel-stay';

const stripes = (a: string, b: string): CSSProperties => ({
  backgroundImage: `repeating-linear-gradient(135deg, ${a} 0 6px, ${b} 6px 12px)`,
});

/**
 * A stay's look by state — a colour, a pattern and always a word: approved (dashed, striped
 * light blue), confirmed (solid green edge), in house (dark teal), checked out (grey).
 */
function stayLook(stay: ChartStay): { className: string; style?: CSSProperties } {
  if (stay.checkedOut) return { className: 'border-slate-500 bg-slate-200 text-slate-900' };
  if (stay.checkedIn) return { className: 'border-teal-900 bg-teal-700 text-white' };
  if (stay.status === 'confirmed') return { className: 'border-emerald-700 bg-emerald-100 text-emerald-950' };
  return { className: 'border-dashed border-sky-700 text-sky-950', style: stripes('#e0f2fe', '#bae6fd') };
}

export function stayStateLabel(stay: ChartStay, i18n: ReturnType<typeof useLingui>['i18n']) {
  // Message descriptors, not the hook's `t` handed in: the macro turns only its own calls into
  // messages, and a `t` passed as a value named an in-house bar "Guest, : open the stay".
  if (stay.checkedOut) return i18n._(msg`Checked out`);
  if (stay.checkedIn) return i18n._(msg`In house`);
  return statusLabel(i18n, stay.status);
}

/**
 * The rooms × nights grid: a table (a row per room, grouped by type in the hotel's order of its
 * types, a type it no longer lists after them; a column per night, the
 * first at the start: the right in Arabic), a bar per stay spanning its nights, out-of-order
 * nights striped red with their reason. Drag a bar onto another room's row to move the stay
 * (the same move the details' "Move to room" menu makes). Scrolls sideways inside itself.
 */
export function ChartGrid({
  chart,
  onOpenStay,
}: {
  chart: TapeChart;
  onOpenStay: (stay: ChartStay) => void;
}) {
  const language = useLanguage();
  // Every type the hotel has had: a retired type's rooms keep its name and place.
  const types = useNamedRoomTypes();
  const stays = new Map<number, ChartStay[]>();
  const blocks = new Map<number, ChartBlock[]>();
  for (const stay of chart.stays) stays.set(stay.roomId, [...(stays.get(stay.roomId) ?? []), stay]);
  for (const block of chart.blocks) blocks.set(block.roomId, [...(blocks.get(block.roomId) ?? []), block]);
  const groups = codesInTypeOrder(
    types,
    chart.rooms.map((r) => r.roomType),
  ).map((type) => ({ type, rooms: chart.rooms.filter((r) => r.roomType === type) }));
  const tableWidth = `${6 + chart.days.length * 4.75}rem`;
  const rows = useDrawnRows(groups, chart.days.length + 1);

  return (
    <div
      className="overflow-x-auto rounded-2xl border border-sand-200 bg-white"
      data-testid="tape-chart-scroll"
    >
      <table
        className="min-w-full table-fixed border-collapse text-sm"
        style={{ width: tableWidth }}
        data-testid="tape-chart"
      >
        <caption className="sr-only">
          <Trans>Rooms by night; drag a stay to another room, or open it to move it with the menu.</Trans>
        </caption>
        <colgroup>
          <col style={{ width: '6rem' }} />
          {chart.days.map((day) => (
            <col key={day} style={{ width: '4.75rem' }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="sticky start-0 z-10 border-b border-sand-200 bg-white p-2 text-start">
              <Trans>Room</Trans>
            </th>
            {chart.days.map((day, i) => {
              const heading = nightHeading(day, language);
              return (
                <th
                  key={day}
                  scope="col"
                  data-night={day}
                  className="border-b border-s border-sand-200 p-1 text-center font-normal text-slate-800"
                >
                  <span className="block text-xs">{heading.weekday}</span>
                  <span className="block font-bold text-slate-900">{heading.day}</span>
                  {(i === 0 || heading.day === formatCount(1, language)) && (
                    <span className="block text-xs">{heading.month}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {groups.map((group, g) => (
          <tbody
            key={group.type}
            ref={g === 0 ? rows.firstGroupRef : undefined}
            data-testid={`tape-group-${group.type}`}
          >
            <tr ref={rows.measure} data-index={rows.headerIndex[g]}>
              <th
                scope="rowgroup"
                colSpan={chart.days.length + 1}
                className="border-y border-sand-200 bg-sand-100 p-0 text-start"
              >
                <span className="sticky start-0 inline-block px-2 py-1.5 font-bold text-teal-900">
                  {roomTypeName(types, group.type, language)} ({formatCount(group.rooms.length, language)})
                </span>
              </th>
            </tr>
            {rows.spacer(g, 'before')}
            {rows.drawn(g).map(({ room, index }) => (
              <RoomRow
                key={room.id}
                room={room}
                days={chart.days}
                stays={stays.get(room.id) ?? []}
                blocks={blocks.get(room.id) ?? []}
                onOpenStay={onOpenStay}
                measureRef={rows.measure}
                index={index}
              />
            ))}
            {rows.spacer(g, 'after')}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** A type's header row and a room's row, as tall as they are drawn (h-14 and its border; the header's line). */
const ROOM_ROW_HEIGHT = 57;
const GROUP_ROW_HEIGHT = 33;

/**
 * The rooms' rows drawn as the page scrolls (docs/decisions/087-staff-screens-at-a-full-house.md):
 * a 120-room hotel's chart drew 120 rows of 14 nights and every stay's bar (650 at a full house);
 * now the rows on screen and a few either side, each type's header row always (its name and count),
 * and in each type's place the height of the rows not drawn. @tanstack/react-virtual counts them
 * in one list, headers and rooms in order, the window being what scrolls.
 */
function useDrawnRows(groups: { type: string; rooms: ChartRoom[] }[], columns: number) {
  const entries: { group: number; room?: ChartRoom }[] = groups.flatMap((group, g) => [
    { group: g },
    ...group.rooms.map((room) => ({ group: g, room })),
  ]);
  const headerIndex = entries.flatMap((entry, i) => (entry.room ? [] : [i]));
  const estimate = (i: number) => (entries[i]?.room ? ROOM_ROW_HEIGHT : GROUP_ROW_HEIGHT);
  const { virtualizer, startRef: firstGroupRef } = useWindowRows<HTMLTableSectionElement>({
    count: entries.length,
    estimateSize: estimate,
    overscan: 6,
  });
  const inRange = new Set(virtualizer.getVirtualItems().map((item) => item.index));
  const sizes = virtualizer.measurementsCache;
  const roomsOf = (g: number) =>
    entries.flatMap((entry, index) => (entry.group === g && entry.room ? [{ room: entry.room, index }] : []));
  const drawn = (g: number) => roomsOf(g).filter(({ index }) => inRange.has(index));
  return {
    firstGroupRef,
    headerIndex,
    measure: virtualizer.measureElement,
    drawn,
    /** The height of a type's rows not drawn, before or after those that are. */
    spacer: (g: number, where: 'before' | 'after') => {
      const rooms = roomsOf(g);
      const shown = rooms.filter(({ index }) => inRange.has(index));
      const skipped =
        shown.length === 0
          ? where === 'before'
            ? rooms
            : []
          : rooms.filter(({ index }) =>
              where === 'before' ? index < shown[0]!.index : index > shown.at(-1)!.index,
            );
      const height = skipped.reduce((sum, { index }) => sum + (sizes[index]?.size ?? ROOM_ROW_HEIGHT), 0);
      return height > 0 ? (
        <tr aria-hidden="true" data-testid="tape-rows-not-drawn">
          <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
        </tr>
      ) : null;
    },
  };
}

function RoomRow({
  room,
  days,
  stays,
  blocks,
  onOpenStay,
  measureRef,
  index,
}: {
  room: ChartRoom;
  days: string[];
  stays: ChartStay[];
  blocks: ChartBlock[];
  onOpenStay: (stay: ChartStay) => void;
  /** Measures the row as drawn (useDrawnRows). */
  measureRef?: Ref<HTMLTableRowElement>;
  index?: number;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const ref = useRef<HTMLTableRowElement>(null);
  const assign = useAssignRoom();
  const { dropProps, isDropTarget } = useDrop({
    ref,
    getDropOperation: (types) => (types.has(STAY_TYPE) ? 'move' : 'cancel'),
    onDrop: (event) => void moveHere(event.items),
  });
  async function moveHere(items: DropItem[]) {
    {
      const item = items.find((i): i is TextDropItem => i.kind === 'text' && i.types.has(STAY_TYPE));
      if (!item) return;
      const dragged = JSON.parse(await item.getText(STAY_TYPE)) as {
        bookingId: number;
        roomId: number;
        guestName: string;
      };
      if (dragged.roomId === room.id) return;
      const number = formatRoomNumber(room.number, language);
      assign.mutate(
        { bookingId: dragged.bookingId, roomId: room.id },
        {
          onSuccess: () => showToast({ variant: 'success', title: t`${dragged.guestName}: room ${number}` }),
          onError: (error) =>
            showToast({
              variant: 'error',
              title: t`The room could not be changed`,
              description: errorMessage(error, t`Check your connection and try again.`),
            }),
        },
      );
    }
  }
  const outOfOrder = room.status === 'out_of_order';
  const rowRef = (element: HTMLTableRowElement | null) => {
    ref.current = element;
    if (typeof measureRef === 'function') measureRef(element);
  };
  return (
    <tr
      ref={rowRef}
      {...dropProps}
      data-index={index}
      data-testid={`tape-row-${room.number}`}
      className={isDropTarget ? 'bg-gold-50 outline-2 -outline-offset-2 outline-gold-700' : ''}
    >
      <th
        scope="row"
        className="sticky start-0 z-10 border-b border-sand-200 bg-white p-2 text-start font-normal"
      >
        <span className="block font-bold text-slate-900">{formatRoomNumber(room.number, language)}</span>
        <span className={`block text-xs ${outOfOrder ? 'font-bold text-red-800' : 'text-slate-700'}`}>
          {roomStatusLabel(i18n, room.status)}
        </span>
      </th>
      {rowCells(days, stays, blocks).map((cell) =>
        cell.kind === 'empty' ? (
          <td key={cell.night} className="h-14 border-b border-s border-sand-200" />
        ) : cell.kind === 'block' ? (
          <td
            key={`k${cell.block.blockId}`}
            colSpan={cell.span}
            className="h-14 border-b border-s border-sand-200 p-1"
          >
            <div
              className="flex h-11 items-center truncate rounded-lg border border-red-700 px-2 text-xs font-semibold text-red-950"
              style={stripes('#fee2e2', '#fecaca')}
              title={cell.block.reason}
              data-testid="tape-block"
            >
              <span className="truncate">
                <Trans>Out of order</Trans>: {cell.block.reason}
              </span>
            </div>
          </td>
        ) : (
          <td
            key={`b${cell.stay.bookingId}`}
            colSpan={cell.span}
            className="relative h-14 border-b border-s border-sand-200 p-1"
          >
            <StayBar
              stay={cell.stay}
              narrow={cell.span === 1}
              label={stayStateLabel(cell.stay, i18n)}
              onOpen={() => onOpenStay(cell.stay)}
            />
            {/* The bar's end, dragged to move the departure (when the departure is on the chart). */}
            {!cell.stay.checkedOut && addDays(cell.stay.lastNight, 1) === cell.stay.checkOutDate ? (
              <StayEndHandle stay={cell.stay} span={cell.span} />
            ) : null}
          </td>
        ),
      )}
    </tr>
  );
}

/**
 * A stay's bar: the guest's name and the stay's state. A one-night bar (one narrow column) gives
 * both its lines to the name, wrapped rather than cut to "Sali…"; the state is in its accessible
 * name and the details it opens.
 */
function StayBar({
  stay,
  label,
  narrow,
  onOpen,
}: {
  stay: ChartStay;
  label: string;
  narrow: boolean;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  const { dragProps, isDragging } = useDrag({
    // The keyboard's way is the details' "Move to room" menu, not a keyboard drag.
    hasDragButton: true,
    getItems: () => [
      {
        [STAY_TYPE]: JSON.stringify({
          bookingId: stay.bookingId,
          roomId: stay.roomId,
          guestName: stay.guestName,
        }),
        'text/plain': stay.reference,
      },
    ],
  });
  const look = stayLook(stay);
  const continuesBefore = stay.checkInDate < stay.firstNight;
  return (
    <button
      type="button"
      {...dragProps}
      onClick={onOpen}
      aria-label={t`${stay.guestName}, ${label}: open the stay`}
      title={stay.guestName}
      data-testid="tape-stay"
      data-booking-id={stay.bookingId}
      className={`flex h-11 w-full cursor-pointer flex-col justify-center overflow-hidden border-2 px-2 text-start outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-700 ${
        continuesBefore ? 'rounded-e-lg' : 'rounded-lg'
      } ${look.className} ${isDragging ? 'opacity-50' : ''}`}
      style={look.style}
    >
      {narrow ? (
        <span
          dir="auto"
          data-testid="tape-stay-name"
          className="line-clamp-2 text-[0.7rem] leading-tight font-bold break-words ltr:text-left rtl:text-right"
        >
          {stay.guestName}
        </span>
      ) : (
        <>
          <span
            dir="auto"
            data-testid="tape-stay-name"
            className="truncate text-xs font-bold ltr:text-left rtl:text-right"
          >
            {stay.guestName}
          </span>
          {/* A space between the name and the state: read as one text (axe's label in name), "Salim
              Al-HarthiIn house" would be a word the accessible name does not have. */}{' '}
          <span className="truncate text-[0.7rem]">{label}</span>
        </>
      )}
    </button>
  );
}
