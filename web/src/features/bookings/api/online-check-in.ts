import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineCheckInInput } from '@shared/online-check-in-schemas';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';
import { downscaleImage } from '@/offline/downscale';

/**
 * Online check-in: PUT /api/booking-submissions/:id/id-document (the ID
 * photo, downscaled on the device as the event photos are) and PUT …/online-check-in (the
 * details). Only the booking's owner may (its account or this device's grant).
 */
export async function uploadIdDocument(bookingId: number, photo: Blob) {
  // Screenshot preset: an ID's small print stays legible.
  const body = await downscaleImage(photo, { preset: 'screenshot' });
  return readJson(
    api['booking-submissions'][':id']['id-document'].$put(
      { param: { id: String(bookingId) } },
      { init: { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } } },
    ),
  );
}

export function saveOnlineCheckIn(bookingId: number, input: OnlineCheckInInput) {
  return readJson(
    api['booking-submissions'][':id']['online-check-in'].$put({
      param: { id: String(bookingId) },
      json: input,
    }),
  );
}

/** The photo (when one was chosen), then the details; the booking's page reads itself again. */
export function useOnlineCheckIn(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, input }: { photo: Blob | null; input: OnlineCheckInInput }) => {
      if (photo) await uploadIdDocument(bookingId, photo);
      return saveOnlineCheckIn(bookingId, input);
    },
    // bookingKeys.all covers the managed booking's own key (the booking page's branch).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
