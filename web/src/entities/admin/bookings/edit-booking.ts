import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingEdit } from '@shared/booking-schemas';
import { api, ApiRequestError } from '@/lib/api-client';
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
