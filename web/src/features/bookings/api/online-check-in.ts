import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestDocument } from '@shared/guest-profile-schemas';
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

/**
 * GET /api/booking-submissions/:id/guest-details: the registration details the hotel has for the
 * booking's guest (nationality, date of birth, document), to fill the form in. In memory only.
 */
export function getGuestDetails(bookingId: number) {
  return readJson(
    api['booking-submissions'][':id']['guest-details'].$get({ param: { id: String(bookingId) } }),
  );
}

export const guestDetailsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'guest-details', bookingId] as const,
    queryFn: () => getGuestDetails(bookingId),
    meta: { persist: false },
  });

export function useGuestDetails(bookingId: number) {
  return useQuery(guestDetailsQueryOptions(bookingId));
}

/** PUT /api/booking-submissions/:id/guest-details: the guest's profile takes them. */
export function saveGuestDetails(bookingId: number, json: GuestDocument) {
  return readJson(
    api['booking-submissions'][':id']['guest-details'].$put({ param: { id: String(bookingId) }, json }),
  );
}

/**
 * The photo (when one was chosen), the registration details (when changed), then the check-in's
 * own details; the booking's page reads itself again.
 */
export function useOnlineCheckIn(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      photo,
      details,
      input,
    }: {
      photo: Blob | null;
      details?: GuestDocument;
      input: OnlineCheckInInput;
    }) => {
      if (photo) await uploadIdDocument(bookingId, photo);
      if (details) await saveGuestDetails(bookingId, details);
      return saveOnlineCheckIn(bookingId, input);
    },
    // bookingKeys.all covers the managed booking's own key (the booking page's branch).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
