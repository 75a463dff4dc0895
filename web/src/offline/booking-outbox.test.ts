import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequest } from '@shared/booking-schemas';
import { deviceId } from '@/lib/device-id';
import { db } from './db';
import {
  BACKOFF_MAX_MS,
  classify,
  runOutbox,
  type CreateRequest,
  type Transport,
  type TransportResponse,
} from './sender';

/**
 * Booking requests in the outbox (decision 007, booking addendum): the submission's key is
 * the entry's id and goes with every try; the request is sent only as its account; the
 * server's refusal (with its alternatives) is kept for the guest.
 */

// enqueueEntry starts the page's sender; here it must not reach a real network.
vi.mock('./transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

const BOOKING: BookingRequest = {
  fullName: 'Salim Al Harthy',
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
const OWNER = { userId: 42, email: 'salim@example.com' };

let clock = 5_000_000;
const now = () => clock;
const random = () => 0.5;

function fakeTransport(answer: (index: number) => TransportResponse | 'network') {
  const calls: CreateRequest[] = [];
  const transport: Transport = {
    upload: () => Promise.reject(new Error('no uploads for bookings')),
    create: (request) => {
      calls.push(request);
      const result = answer(calls.length - 1);
      return result === 'network' ? Promise.reject(new Error('network')) : Promise.resolve(result);
    },
  };
  return { transport, calls };
}

async function queueBooking(owner: typeof OWNER | null = OWNER) {
  const { enqueueEntry } = await import('./outbox');
  const key = crypto.randomUUID();
  const id = await enqueueEntry({ kind: 'booking', id: key, booking: BOOKING, owner });
  // The page's own send (mocked network) has run: start from a clean, due entry.
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 5));
  await db.outbox.update(id, {
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    sendingSince: null,
  });
  return { id, key };
}

beforeEach(async () => {
  clock = 5_000_000;
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

describe('booking requests in the outbox', () => {
  it('keep the submission’s key as their id and send the request as is, as their account', async () => {
    const { id, key } = await queueBooking();
    expect(id).toBe(key);
    const { transport, calls } = fakeTransport(() => ({ status: 201, body: { booking: { id: 9 } } }));
    await runOutbox({ transport, now, random });
    expect(calls).toEqual([
      {
        path: '/api/booking-submissions',
        body: BOOKING,
        idempotencyKey: key,
        language: 'ar',
        expectedUserId: 42,
        // The device that made it (X-Device-Id): its push subscription hears of the decision.
        deviceId: deviceId(),
      },
    ]);
    expect(await db.outbox.get(id)).toMatchObject({
      kind: 'booking',
      state: 'sent',
      serverResult: { booking: { id: 9 } },
      notifiedAt: null,
    });
  });

  it('send a request made signed out without an account (expectedUserId null)', async () => {
    await queueBooking(null);
    const { transport, calls } = fakeTransport(() => ({ status: 201, body: {} }));
    await runOutbox({ transport, now, random });
    expect(calls[0]!.expectedUserId).toBeNull();
  });

  it('carry the same key on every retry after the network dropped', async () => {
    const { id } = await queueBooking();
    const dropped = fakeTransport(() => 'network');
    await runOutbox({ transport: dropped.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'waiting', attempts: 1 });
    // The network is back: sent at once (force), and the server's replay is taken as the answer.
    const back = fakeTransport(() => ({ status: 201, body: { booking: { id: 5 } } }));
    await runOutbox({ transport: back.transport, now, random, force: true });
    expect([...dropped.calls, ...back.calls].map((c) => c.idempotencyKey)).toEqual([id, id]);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('wait for their account when the server answers 401, without counting attempts, until someone signs in', async () => {
    const { id } = await queueBooking();
    const refused = fakeTransport(() => ({
      status: 401,
      body: { error: { code: 'session_user_changed', message: 'another account' } },
    }));
    await runOutbox({ transport: refused.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: clock + BACKOFF_MAX_MS,
      lastError: { status: 401, code: 'session_user_changed' },
    });
    const { transport, calls } = fakeTransport(() => ({ status: 201, body: {} }));
    await runOutbox({ transport, now, random });
    expect(calls).toHaveLength(0);
    // A sign-in (or the network coming back) forces it.
    await runOutbox({ transport, now, random, force: true });
    expect(calls).toHaveLength(1);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('keep a sold-out refusal with the server’s alternatives for the guest', async () => {
    const { id } = await queueBooking();
    const body = {
      error: {
        code: 'no_rooms_available',
        message: 'عذراً، لا توجد غرف متاحة للحجز حالياً',
        alternatives: { roomTypes: [{ roomType: 'silver', availableCount: 3 }], dates: [] },
      },
    };
    const { transport } = fakeTransport(() => ({ status: 409, body }));
    await runOutbox({ transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({
      state: 'refused',
      lastError: { status: 409, code: 'no_rooms_available' },
      serverResult: body,
      notifiedAt: null,
    });
  });

  it('can be removed while waiting for their account, but not while waiting for the network', async () => {
    const { removeEntry } = await import('./outbox');
    const { id } = await queueBooking();
    await runOutbox({ transport: fakeTransport(() => 'network').transport, now, random });
    expect(await removeEntry(id)).toBe(false);
    await runOutbox({
      transport: fakeTransport(() => ({ status: 401, body: { error: { code: 'not_signed_in' } } })).transport,
      now,
      random,
      force: true,
    });
    expect(await removeEntry(id)).toBe(true);
    expect(await db.outbox.get(id)).toBeUndefined();
  });

  it('classify 401 as held, not refused', () => {
    expect(classify(401, 'not_signed_in')).toBe('hold');
    expect(classify(409, 'no_rooms_available')).toBe('refuse');
  });
});
