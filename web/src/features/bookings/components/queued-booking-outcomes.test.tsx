// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequest } from '@shared/booking-schemas';
import { toastQueue } from '@/components/ui/toast-store';
import { allRoomTypesQueryOptions, roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { db } from '@/offline/db';
import { enqueueEntry } from '@/offline/outbox';
import { runOutbox, type Transport, type TransportResponse } from '@/offline/sender';
import QueuedBookingOutcomes from './queued-booking-outcomes';

/**
 * A booking kept on the phone by a signed-in guest and delivered after their session ended: the
 * hotel refuses it as nobody's (401), it waits for that account, and the guest is told so, once,
 * naming the account to sign in as; its delivery is told when it goes.
 */

// The page's own sender (started when the request was kept) finds no network here.
vi.mock('@/offline/transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

const BOOKING: BookingRequest = {
  fullName: 'سالم الحارثي',
  phoneNumber: '91234567',
  idNumber: '1234567',
  checkInDate: '2030-03-10',
  checkOutDate: '2030-03-12',
  roomType: 'gold',
  bedType: 'double',
  smokingPreference: 'non_smoking',
  numberOfGuests: 2,
  adults: 2,
  children: 0,
  ratePlan: 'standard',
};

const hotel = (answer: TransportResponse): Transport => ({
  upload: () => Promise.reject(new Error('no uploads for bookings')),
  create: () => Promise.resolve(answer),
});

const gold = testRoomType('gold', { nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' });
function outcomes() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, [gold]);
  client.setQueryData(allRoomTypesQueryOptions().queryKey, [gold]);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <QueuedBookingOutcomes onBookAgain={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));
const toasts = () => added.mock.calls.map(([toast]) => `${toast.title} / ${toast.description ?? ''}`);
let added: ReturnType<typeof spyOnAdd>;
const spyOnAdd = () => vi.spyOn(toastQueue, 'add');

beforeEach(async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
  await db.outbox.clear();
  toastQueue.clear();
  added = spyOnAdd();
});
afterEach(() => {
  cleanup();
  added.mockRestore();
  vi.unstubAllGlobals();
});

describe('QueuedBookingOutcomes', () => {
  it('tells once that a booking waits for its account to sign in, naming it, then tells its delivery', async () => {
    const id = await enqueueEntry({
      kind: 'booking',
      id: crypto.randomUUID(),
      booking: BOOKING,
      owner: { userId: 42, email: 'salim@example.com' },
    });
    outcomes();
    // The page's own tries (queued, then again as the outcomes mount) have failed on the network.
    await vi.waitFor(async () => expect((await db.outbox.get(id))?.attempts).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
    });
    await settle();
    // Delivered after the session ended: nobody's, refused as such.
    await runOutbox({
      transport: hotel({ status: 401, body: { error: { code: 'not_signed_in', message: 'سجّل الدخول' } } }),
      force: true,
    });
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(toasts()).toEqual([
      'طلب حجز الغرفة الذهبية، ١٠ مارس ٢٠٣٠ – ١٢ مارس ٢٠٣٠ بانتظار تسجيل دخولك / لا يُرسل إلا من الحساب الذي أنشأه: سجّل الدخول بحساب \u2066salim@example.com\u2069 فيُرسل فوراً.',
    ]);
    expect(added.mock.calls[0]![0].variant).toBe('error');

    // A reload: told already.
    cleanup();
    outcomes();
    await settle();
    expect(added).toHaveBeenCalledTimes(1);

    // The guest signs in: it goes, and that is told.
    await db.outbox.update(id, { nextAttemptAt: 0 });
    await runOutbox({
      transport: hotel({ status: 201, body: { booking: { id: 7, reference: 'K7MQ4PX' } } }),
    });
    await waitFor(() => expect(added).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    expect(toasts()[1]).toMatch(/^تم إرسال طلب حجز الغرفة الذهبية، /);
  });
});
