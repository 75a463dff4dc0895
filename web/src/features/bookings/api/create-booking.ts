import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest } from '@shared/booking-schemas';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { roomKeys } from '@/entities/rooms/room-keys';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/**
 * POST /api/booking-submissions: a booking request (full form, or quick with
 * bookingType 'quick_management'). 201 { message, booking }; 400
 * validation_failed with `fields`; 409 no_rooms_available | no_beds_available
 * | no_smoking_available (with `alternatives`). A signed-in guest's booking carries
 * their account. `key` is the submission's Idempotency-Key: if this try gets no
 * answer, the offline outbox sends the request again with the same key, so the
 * server books it once (and replays its answer).
 */
export function createBooking({
  input,
  key,
  signal,
}: {
  input: BookingRequest;
  key: string;
  /** Withdraws the call (the network went while it was on its way: the outbox sends it instead). */
  signal?: AbortSignal;
}) {
  // The device that asks (X-Device-Id): its push subscription hears of the outcome.
  return readJson(
    api['booking-submissions'].$post(
      { json: input },
      {
        headers: { 'Idempotency-Key': key, ...deviceHeaders(), ...installedAppHeader() },
        ...(signal && { init: { signal: withFetchTimeout(signal) } }),
      },
    ),
  );
}

/**
 * A caller's own signal (to withdraw a call) with the client's usual time limit kept: a signal
 * passed to a call replaces the limit otherwise (lib/api-client.ts). Here, not in the client: the
 * landing page's first script carries the client.
 */
function withFetchTimeout(signal: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(TIMING.fetchTimeout);
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  const both = new AbortController();
  for (const one of [signal, timeout]) {
    if (one.aborted) both.abort(one.reason);
    else one.addEventListener('abort', () => both.abort(one.reason), { once: true });
  }
  return both.signal;
}

/** The installed app (opened standalone, not in a browser tab) says so: the booking's source is `app`. */
function installedAppHeader(): Record<string, string> {
  const standalone =
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) ||
    (typeof navigator !== 'undefined' && (navigator as { standalone?: boolean }).standalone === true);
  return standalone ? { 'X-Installed-App': '1' } : {};
}

export type CreatedBooking = Awaited<ReturnType<typeof createBooking>>;

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Fails at once when offline instead of waiting unseen; what was typed stays in the form.
    networkMode: 'always',
    // Spec section 4: a booking refreshes the bookings and the inventory.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.inventories() }),
      ]),
  });
}
