import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StaffBookingEdit } from '@shared/booking-schemas';
import type { RoomType } from '@shared/constants';
import { api, ApiRequestError, readJson } from '@/lib/api-client';
import { adminBookingKeys } from './booking-keys';

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
  return body as {
    message: string;
    booking: { id: number; totalPriceBaisa: number | null; checkOutDate: string };
  };
}

/** The edit as a mutation; every back-office list of bookings is asked again once it is saved. */
export function useEditBooking(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editBooking,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminBookingKeys.all });
      onSaved?.();
    },
  });
}

/** A stay the Edit stay dialog asks the price of. */
export type QuotedStay = {
  checkInDate: string;
  checkOutDate: string;
  roomType: RoomType;
  numberOfGuests: number;
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
    a.numberOfGuests === b.numberOfGuests);

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
