import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId } from '@/lib/device-id';
import { db } from './db';
import { runOutbox, type CreateRequest, type Transport, type TransportResponse } from './sender';

/**
 * The extras a guest buys for a stay in the outbox (docs/decisions/098-stay-extras.md): the
 * entry's id is the purchase's Idempotency-Key, carried by every try, sent with the device's
 * cookies (its account or its grant of the booking) to the booking's extras; a network drop is
 * tried again with the same key (the server posts it once), a refusal (the last room went) is
 * kept with the server's words.
 */

// enqueueEntry starts the page's sender; here it must not reach a real network.
vi.mock('./transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

let clock = 7_000_000;
const now = () => clock;
const random = () => 0.5;

function fakeTransport(answer: (index: number) => TransportResponse | 'network') {
  const calls: CreateRequest[] = [];
  const transport: Transport = {
    upload: () => Promise.reject(new Error('no uploads for extras')),
    create: (request) => {
      calls.push(request);
      const result = answer(calls.length - 1);
      return result === 'network' ? Promise.reject(new Error('network')) : Promise.resolve(result);
    },
  };
  return { transport, calls };
}

const EXTRA = {
  bookingId: 31,
  body: {
    extraId: 4,
    quantity: 1,
    details: { flightNumber: 'WY 102', time: '10:30' },
    channel: 'whatsapp' as const,
  },
  nameAr: 'توصيل من المطار',
  nameEn: 'Airport transfer',
};

async function queueExtra() {
  const { enqueueEntry } = await import('./outbox');
  const id = await enqueueEntry({ kind: 'extra', extra: EXTRA });
  // The page's own send (mocked network) has run: start from a clean, due entry.
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 5));
  await db.outbox.update(id, {
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    sendingSince: null,
  });
  return id;
}

beforeEach(async () => {
  clock = 7_000_000;
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

describe('an extra bought for a stay, in the outbox', () => {
  it('goes to the booking’s extras with its id as the Idempotency-Key, and the same key after a drop', async () => {
    const id = await queueExtra();
    const dropped = fakeTransport(() => 'network');
    await runOutbox({ transport: dropped.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'waiting', attempts: 1 });
    clock += 60_000;
    const back = fakeTransport(() => ({ status: 201, body: { purchase: { id: 12, status: 'confirmed' } } }));
    await runOutbox({ transport: back.transport, now, random });
    const sent = {
      path: '/api/booking-submissions/31/extras',
      body: EXTRA.body,
      idempotencyKey: id,
      language: 'ar',
      deviceId: deviceId(),
    };
    expect(dropped.calls).toEqual([sent]);
    expect(back.calls).toEqual([sent]);
    // Sent with the device's cookies: no account pinned (a booking's grant is this device's).
    expect(back.calls[0]).not.toHaveProperty('expectedUserId');
    expect(await db.outbox.get(id)).toMatchObject({
      kind: 'extra',
      state: 'sent',
      serverResult: { purchase: { id: 12, status: 'confirmed' } },
    });
    // Once sent, it is not sent again.
    const again = fakeTransport(() => ({ status: 201, body: {} }));
    await runOutbox({ transport: again.transport, now, random, force: true });
    expect(again.calls).toEqual([]);
  });

  it('keeps the server’s refusal (the better room just went) and does not try it again', async () => {
    const id = await queueExtra();
    const refused = fakeTransport(() => ({
      status: 409,
      body: { error: { code: 'extra_upgrade_sold_out', message: 'حُجزت الغرفة الأفضل للتو' } },
    }));
    await runOutbox({ transport: refused.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({
      state: 'refused',
      lastError: { status: 409, code: 'extra_upgrade_sold_out', message: 'حُجزت الغرفة الأفضل للتو' },
    });
    clock += 10 * 60_000;
    const later = fakeTransport(() => ({ status: 201, body: {} }));
    await runOutbox({ transport: later.transport, now, random, force: true });
    expect(later.calls).toEqual([]);
  });
});
