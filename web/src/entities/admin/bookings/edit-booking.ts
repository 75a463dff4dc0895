import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StaffBookingEdit } from '@shared/booking-schemas';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { api, ApiRequestError, readJson } from '@/lib/api-client';
import { nightsBetween } from '@shared/money';
import { paymentKeys } from '@/entities/admin/payments/online-payments';
import { folioKeys } from '@/entities/folio/get-folio';
import { roomKeys } from '@/entities/rooms/room-keys';
import { adminBookingKeys } from './booking-keys';
import type { AdminBooking } from './get-bookings';

/** A free room the server offers when the stay's own room is taken on a new night. */
export type FreeRoom = { id: number; number: string; floor: number; status: string };

/** The refusal of an edit, with the free rooms (409 room_taken) when there are any. */
export class EditRefusal extends ApiRequestError {
  constructor(
    status: number,
    body: ApiRequestError['body'],
    readonly rooms: FreeRoom[],
  ) {
    super(status, body);
  }
}

/**
 * PATCH /api/admin/booking-submissions/:id (staff; a price by hand: a manager): the fields that
 * change, re-priced and re-held by the server in one batch. A refusal throws an EditRefusal:
 * 409 `room_taken` carries the free rooms to send back as `roomId`.
 */
export async function editBooking({ id, ...json }: StaffBookingEdit & { id: number }) {
  const res = await api.admin['booking-submissions'][':id'].$patch({
    param: { id: String(id) },
    json: json as never,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const rooms = (body as { error?: { rooms?: FreeRoom[] } } | null)?.error?.rooms ?? [];
    const error = ApiRequestError.of(res.status, body);
    throw new EditRefusal(res.status, error.body, rooms);
  }
  return body as { message: string; booking: AdminBooking };
}

/** The queries under adminBookingKeys whose answers are rows of bookings (get-booking-page.ts, front-desk.ts). */
const ROWS = new Set<unknown>(['page', 'list', 'front-desk']);

/** The fields of a stay a staff edit changes, as the desk's and the lists' rows keep them. */
const EDITED_FIELDS = [
  'checkInDate',
  'checkOutDate',
  'numberOfGuests',
  'adults',
  'children',
  'fullName',
  'phoneNumber',
  'notes',
  'roomType',
  'roomId',
  'nightPrices',
  'priceOverrideBaisa',
  'priceOverrideReason',
] as const;

type Row = Record<string, unknown> & { id: number };
const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && typeof (value as Row).id === 'number';

/** A cached row of the edited booking, with the saved stay's values (any other row as it is). */
function withEdit(row: unknown, booking: AdminBooking): unknown {
  if (!isRow(row) || row.id !== booking.id) return row;
  const saved = booking as unknown as Record<string, unknown>;
  const next: Row = { ...row };
  for (const field of EDITED_FIELDS) if (field in row && field in saved) next[field] = saved[field];
  // The lists keep the listed booking's total; the desk its price (baisa) and nights.
  if ('totalPriceBaisa' in row) next.totalPriceBaisa = booking.totalPriceBaisa;
  if ('totalPrice' in row) next.totalPrice = booking.totalPriceBaisa;
  if ('nights' in row) next.nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  if ('roomNumber' in row && 'roomNumber' in saved) next.roomNumber = saved.roomNumber;
  return next;
}

/** A cached answer with the edited booking's rows changed: a list of rows, or the desk's day. */
function applyEdit(data: unknown, booking: AdminBooking): unknown {
  if (Array.isArray(data)) {
    return data.some((row) => isRow(row) && row.id === booking.id)
      ? data.map((row) => withEdit(row, booking))
      : data;
  }
  if (typeof data === 'object' && data !== null) {
    const day = data as Record<string, unknown>;
    const lists = Object.keys(day).filter((key) => Array.isArray(day[key]));
    if (lists.length === 0) return data;
    return Object.fromEntries(
      Object.entries(day).map(([key, value]) => [
        key,
        lists.includes(key) ? applyEdit(value, booking) : value,
      ]),
    );
  }
  return data;
}

/**
 * After a stay is saved: its rows behind the dialog (the bookings lists, the desk's day) show the
 * saved values at once, from the server's answer, and everything the stay shows on is asked
 * again: the back office's bookings (lists, desk, counts), the tape chart, the stay's folio and
 * online payments, the housekeeping board and rooms (a moved room), the guests' profiles and the
 * rooms left for sale (the nights held). Keys of features are named by their prefix here, as an
 * entity cannot import a feature (tape chart: features/admin/tape-chart/api/tape-chart.ts).
 */
export function refreshAfterStayEdit(queryClient: QueryClient, booking: AdminBooking) {
  // The lists of bookings (the desk's pages, the booking list) and the desk's days: rows of bookings.
  const rows = {
    queryKey: adminBookingKeys.all,
    predicate: (q: { queryKey: QueryKey }) => ROWS.has(q.queryKey[2]),
  };
  queryClient.setQueriesData(rows, (data: unknown) => applyEdit(data, booking));
  const stale: QueryKey[] = [
    adminBookingKeys.all,
    ['admin', 'tape-chart'],
    folioKeys.detail(booking.id),
    paymentKeys.all,
    ['admin', 'housekeeping'],
    ['admin', 'rooms'],
    ['admin', 'guests'],
    roomKeys.inventories(),
  ];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The edit as a mutation; the rows behind it change at once and are asked again (refreshAfterStayEdit). */
export function useEditBooking(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBooking,
    onSuccess: (answer) => {
      void refreshAfterStayEdit(queryClient, answer.booking);
      onSaved?.();
    },
  });
}

/** A stay the Edit stay dialog asks the price of. */
export type QuotedStay = {
  checkInDate: string;
  checkOutDate: string;
  roomType: RoomTypeCode;
  numberOfGuests: number;
  adults: number;
  children: number;
};

/**
 * GET /api/admin/booking-submissions/:id/quote (staff): the stay priced as the edit would price it
 * (the booking's own plan, night by night, a stay in house keeping its nights' prices), before any
 * price a manager sets by hand. Asked once the inputs rest for `QUOTE_SETTLE_MS`; `settled` says
 * whether the answer is for the stay as typed now.
 */
export function useStayQuote(id: number, stay: QuotedStay | null) {
  const asked = useSettled(stay, QUOTE_SETTLE_MS);
  const query = useQuery({
    queryKey: [...adminBookingKeys.all, 'quote', id, asked] as const,
    queryFn: () =>
      readJson(
        api.admin['booking-submissions'][':id'].quote.$get({
          param: { id: String(id) },
          query: {
            checkInDate: asked!.checkInDate,
            checkOutDate: asked!.checkOutDate,
            roomType: asked!.roomType,
            numberOfGuests: String(asked!.numberOfGuests),
            adults: String(asked!.adults),
            children: String(asked!.children),
          },
        }),
      ),
    enabled: asked !== null,
    staleTime: 30_000,
  });
  return { ...query, settled: sameStay(stay, asked) };
}

const QUOTE_SETTLE_MS = 250;

const sameStay = (a: QuotedStay | null, b: QuotedStay | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.checkInDate === b.checkInDate &&
    a.checkOutDate === b.checkOutDate &&
    a.roomType === b.roomType &&
    a.adults === b.adults &&
    a.children === b.children);

/** `value` once it has not changed for `ms` (the same value object kept while it is equal). */
function useSettled(value: QuotedStay | null, ms: number): QuotedStay | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (sameStay(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
