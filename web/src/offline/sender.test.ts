import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from './db';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  classify,
  pruneSentEntries,
  runOutbox,
  SENT_KEEP_MS,
  type CreateRequest,
  type Transport,
  type TransportResponse,
  type UploadRequest,
} from './sender';

// enqueueEntry starts the page's sender; here it must not reach a real network.
vi.mock('./transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

type Call = { kind: 'upload'; request: UploadRequest } | { kind: 'create'; request: CreateRequest };

/** A transport answering from a script: each call takes the next answer ('network' = no answer). */
function fakeTransport(answer: (call: Call, index: number) => TransportResponse | 'network') {
  const calls: Call[] = [];
  const respond = (call: Call) => {
    calls.push(call);
    const result = answer(call, calls.length - 1);
    return result === 'network' ? Promise.reject(new Error('network')) : Promise.resolve(result);
  };
  const transport: Transport = {
    upload: (request) => respond({ kind: 'upload', request }),
    create: (request) => respond({ kind: 'create', request }),
  };
  return { transport, calls };
}

const ok = (body: unknown = {}): TransportResponse => ({ status: 201, body });
const refusal = (status: number, code: string, message = `msg ${code}`): TransportResponse => ({
  status,
  body: { error: { code, message } },
});

const REVIEW = { starRating: 5, name: null, overallReview: 'Lovely stay' };
const DEVICE_ID = '4f7c1c5e-8c1a-4d2b-9a0e-6b1f2c3d4e5f';
const ORDER = {
  stayId: 7,
  body: { outletId: 2, items: [{ itemId: 5, quantity: 2 }], note: 'No sugar' },
  outletNameAr: 'مقهى الواحة',
  outletNameEn: 'Oasis Café',
};

let clock = 1_000_000;
const now = () => clock;
const random = () => 0.5;

async function queue(
  kind: Exclude<OutboxEntry['kind'], 'booking' | 'extra'> = 'photography',
  files = 3,
  extra: Partial<OutboxEntry> = {},
) {
  const { enqueueEntry } = await import('./outbox');
  const blobs = Array.from(
    { length: files },
    (_, i) => new Blob([new Uint8Array(100 + i)], { type: 'image/jpeg' }),
  );
  const id =
    kind === 'order'
      ? await enqueueEntry({ kind, id: crypto.randomUUID(), order: ORDER })
      : kind === 'review'
        ? await enqueueEntry({ kind, review: REVIEW, deviceId: DEVICE_ID })
        : kind === 'location_sharing'
          ? await enqueueEntry({ kind, participantPhone: '91234567' })
          : kind === 'google_review'
            ? await enqueueEntry({ kind, source: 'rating_page', participantPhone: '91234567', files: blobs })
            : await enqueueEntry({ kind, participantPhone: '91234567', files: blobs });
  // The page's own send (mocked network) has run on every queued entry: start from clean, due entries.
  await waitIdle();
  await db.outbox
    .where('state')
    .anyOf('waiting', 'sending')
    .modify({ state: 'waiting', attempts: 0, nextAttemptAt: 0, lastError: null, sendingSince: null });
  await db.outbox.update(id, extra);
  return id;
}

async function waitIdle() {
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 5));
}

const files = (entryId: string) => db.outboxFiles.where('entryId').equals(entryId).sortBy('position');

beforeEach(async () => {
  clock = 1_000_000;
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('backoffDelay', () => {
  it('doubles from 2 s with jitter and stops at 5 minutes', () => {
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(2, () => 1)).toBe(4_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(500, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('classify', () => {
  it('retries what may pass later and refuses what will not', () => {
    expect(classify(201, null)).toBe('ok');
    expect(classify(200, null)).toBe('ok');
    for (const status of [0, 408, 429, 500, 502, 503]) expect(classify(status, null)).toBe('retry');
    expect(classify(409, 'request_in_progress')).toBe('retry');
    expect(classify(409, 'already_participated')).toBe('refuse');
    expect(classify(400, 'validation_failed')).toBe('refuse');
    expect(classify(403, 'event_closed')).toBe('refuse');
    expect(classify(413, 'image_too_large')).toBe('refuse');
    expect(classify(403, 'phone_unverified')).toBe('phone');
  });
});

describe('an entry whose phone is not verified', () => {
  it('is kept, not tried again on its own, told once, and sent exactly once after the phone is verified', async () => {
    const { claimOutcomes, releasePhoneHeld, toView } = await import('./outbox');
    const id = await queue('location_sharing', 0);
    const first = fakeTransport(() => refusal(403, 'phone_unverified', 'Please verify your phone number'));
    await runOutbox({ transport: first.transport, now, random });
    expect(first.calls).toHaveLength(1);
    const held = (await db.outbox.get(id))!;
    expect(held).toMatchObject({
      state: 'waiting',
      attempts: 0,
      lastError: { status: 403, code: 'phone_unverified' },
    });
    expect(toView(held, []).needsPhone).toBe(true);

    // Not sent again by itself: later, online again, or forced.
    clock += 24 * 60 * 60_000;
    const idle = fakeTransport(() => ok());
    await runOutbox({ transport: idle.transport, now, random, force: true });
    expect(idle.calls).toHaveLength(0);

    // Told once.
    expect((await claimOutcomes()).map((e) => [e.id, e.needsPhone])).toEqual([[id, true]]);
    expect(await claimOutcomes()).toEqual([]);

    // Another phone's verification does not release it; its own does (typed another way).
    expect(await releasePhoneHeld('99999999')).toBe(0);
    expect(await releasePhoneHeld('+968 9123 4567')).toBe(1);
    await waitIdle(); // the page's own sender (no network here) may have tried meanwhile
    const later = () => Date.now() + BACKOFF_MAX_MS;
    const { transport, calls } = fakeTransport(() => ok({ id: 9 }));
    await runOutbox({ transport, now: later, random, force: true });
    await runOutbox({ transport, now: later, random, force: true });
    expect(calls).toHaveLength(1);
    expect((calls[0]!.request as CreateRequest).idempotencyKey).toBe(id);
    expect(await db.outbox.get(id)).toMatchObject({ state: 'sent', serverResult: { id: 9 } });
  });
});

describe('the sender', () => {
  it('uploads each file, creates with the entry id as Idempotency-Key, then frees the images', async () => {
    const id = await queue();
    const fileRows = await files(id);
    const { transport, calls } = fakeTransport((call) => (call.kind === 'create' ? ok({ id: 7 }) : ok()));

    await runOutbox({ transport, now, random });

    expect(calls.map((c) => c.kind)).toEqual(['upload', 'upload', 'upload', 'create']);
    const uploads = calls.filter((c) => c.kind === 'upload').map((c) => c.request as UploadRequest);
    expect(uploads.map((u) => u.fileId)).toEqual(fileRows.map((f) => f.id));
    expect(uploads.every((u) => u.eventType === 'photography')).toBe(true);
    const create = calls[3]!.request as CreateRequest;
    expect(create.path).toBe('/api/photography-submissions');
    expect(create.idempotencyKey).toBe(id);
    expect(create.body).toEqual({ participantPhone: '91234567', uploadIds: fileRows.map((f) => f.id) });

    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ state: 'sent', sentAt: clock, serverResult: { id: 7 }, lastError: null });
    expect((await files(id)).every((f) => f.blob === null && f.uploadedAt !== null)).toBe(true);
  });

  it('sends a review made offline to /api/reviews once, with its key and the device id', async () => {
    const id = await queue('review', 0);
    const first = fakeTransport(() => 'network');
    await runOutbox({ transport: first.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'waiting', attempts: 1 });

    clock += BACKOFF_MAX_MS;
    const { transport, calls } = fakeTransport(() => ok({ id: 3, status: 'pending' }));
    await runOutbox({ transport, now, random });
    await runOutbox({ transport, now, random });
    expect(calls.map((c) => c.kind)).toEqual(['create']);
    const create = calls[0]!.request as CreateRequest;
    expect(create).toMatchObject({
      path: '/api/reviews',
      idempotencyKey: id,
      deviceId: DEVICE_ID,
      body: REVIEW,
    });
    expect(await db.outbox.get(id)).toMatchObject({
      state: 'sent',
      serverResult: { id: 3, status: 'pending' },
    });
  });

  it('sends an order made offline to its stay once, with its key (decision 102)', async () => {
    const id = await queue('order', 0);
    const first = fakeTransport(() => 'network');
    await runOutbox({ transport: first.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'waiting', attempts: 1 });

    clock += BACKOFF_MAX_MS;
    const { transport, calls } = fakeTransport(() => ok({ order: { id: 9, status: 'sent' } }));
    await runOutbox({ transport, now, random });
    await runOutbox({ transport, now, random });
    expect(calls.map((c) => c.kind)).toEqual(['create']);
    expect(calls[0]!.request as CreateRequest).toMatchObject({
      path: '/api/stays/7/orders',
      idempotencyKey: id,
      body: ORDER.body,
    });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'sent' });
  });

  it('after a drop mid-upload keeps the images, waits with backoff, and re-sends only the missing files', async () => {
    const id = await queue();
    const fileRows = await files(id);
    const first = fakeTransport((_call, index) => (index === 1 ? 'network' : ok()));

    const run = await runOutbox({ transport: first.transport, now, random });

    expect(first.calls).toHaveLength(2);
    let entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ state: 'waiting', attempts: 1, lastError: { status: 0, code: 'network' } });
    expect(entry!.nextAttemptAt).toBe(clock + 1_500);
    expect(run.nextWakeAt).toBe(clock + 1_500);
    const kept = await files(id);
    expect(kept.every((f) => f.blob !== null)).toBe(true);
    expect(kept.map((f) => f.uploadedAt !== null)).toEqual([true, false, false]);

    // Not due yet: nothing is sent.
    const early = fakeTransport(() => ok());
    await runOutbox({ transport: early.transport, now, random });
    expect(early.calls).toHaveLength(0);

    clock += 2_000;
    const second = fakeTransport(() => ok());
    await runOutbox({ transport: second.transport, now, random });
    const uploaded = second.calls
      .filter((c) => c.kind === 'upload')
      .map((c) => (c.request as UploadRequest).fileId);
    expect(uploaded).toEqual([fileRows[1]!.id, fileRows[2]!.id]);
    const create = second.calls.find((c) => c.kind === 'create')!.request as CreateRequest;
    expect(create.idempotencyKey).toBe(id);
    expect((create.body as { uploadIds: string[] }).uploadIds).toEqual(fileRows.map((f) => f.id));
    entry = await db.outbox.get(id);
    expect(entry?.state).toBe('sent');
  });

  it('uploads every file again when the server has lost them (upload_not_found)', async () => {
    const id = await queue();
    const first = fakeTransport((call) => (call.kind === 'create' ? refusal(400, 'upload_not_found') : ok()));
    await runOutbox({ transport: first.transport, now, random });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'waiting', attempts: 1 });
    expect((await files(id)).map((f) => f.uploadedAt)).toEqual([null, null, null]);

    clock += BACKOFF_MAX_MS;
    const second = fakeTransport(() => ok());
    await runOutbox({ transport: second.transport, now, random });
    expect(second.calls.map((c) => c.kind)).toEqual(['upload', 'upload', 'upload', 'create']);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('a refusal keeps the images and the server message until the guest removes the entry', async () => {
    const { removeEntry } = await import('./outbox');
    const id = await queue();
    const { transport } = fakeTransport((call) =>
      call.kind === 'create' ? refusal(409, 'already_participated', 'You have already participated') : ok(),
    );
    await runOutbox({ transport, now, random });

    expect(await db.outbox.get(id)).toMatchObject({
      state: 'refused',
      lastError: { status: 409, code: 'already_participated', message: 'You have already participated' },
    });
    expect((await files(id)).every((f) => f.blob !== null)).toBe(true);

    // A refused entry is not tried again.
    const again = fakeTransport(() => ok());
    clock += 10 * 60_000;
    await runOutbox({ transport: again.transport, now, random });
    expect(again.calls).toHaveLength(0);

    expect(await removeEntry(id)).toBe(true);
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(await files(id)).toHaveLength(0);
  });

  it('a waiting entry cannot be removed', async () => {
    const { removeEntry } = await import('./outbox');
    const id = await queue();
    expect(await removeEntry(id)).toBe(false);
    expect(await db.outbox.get(id)).toBeDefined();
  });

  it.each([
    [refusal(500, 'internal'), 'internal'],
    [refusal(503, 'unavailable'), 'unavailable'],
    [refusal(408, 'timeout'), 'timeout'],
    [refusal(409, 'request_in_progress'), 'request_in_progress'],
  ])('a transient answer on create (%#) goes back to waiting, images kept', async (answer, code) => {
    const id = await queue();
    const { transport } = fakeTransport((call) => (call.kind === 'create' ? answer : ok()));
    await runOutbox({ transport, now, random });
    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ state: 'waiting', attempts: 1, lastError: { code } });
    expect((await files(id)).every((f) => f.blob !== null && f.uploadedAt !== null)).toBe(true);
  });

  it('honours Retry-After on 429 when it is longer than the backoff', async () => {
    const id = await queue();
    const { transport } = fakeTransport(() => ({ ...refusal(429, 'rate_limited'), retryAfterMs: 60_000 }));
    await runOutbox({ transport, now, random });
    expect((await db.outbox.get(id))?.nextAttemptAt).toBe(clock + 60_000);
  });

  it('a refused upload refuses the entry without calling create', async () => {
    const id = await queue();
    const { transport, calls } = fakeTransport(() => refusal(415, 'image_type_invalid'));
    await runOutbox({ transport, now, random });
    expect(calls).toHaveLength(1);
    expect(await db.outbox.get(id)).toMatchObject({
      state: 'refused',
      lastError: { code: 'image_type_invalid' },
    });
  });

  it('picks up a sending row left by a closed tab after a minute, not before', async () => {
    const id = await queue('photography', 3, { state: 'sending', sendingSince: clock - 10_000 });
    const early = fakeTransport(() => ok());
    const run = await runOutbox({ transport: early.transport, now, random });
    expect(early.calls).toHaveLength(0);
    expect(run.nextWakeAt).toBe(clock + 50_000);

    clock += 60_000;
    const late = fakeTransport(() => ok());
    await runOutbox({ transport: late.transport, now, random });
    expect(late.calls).toHaveLength(4);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('force (network back) retries entries that failed on the network at once', async () => {
    const id = await queue('photography', 3, {
      attempts: 5,
      nextAttemptAt: clock + 60_000,
      lastError: { status: 0, code: 'network', message: '' },
    });
    const plain = fakeTransport(() => ok());
    await runOutbox({ transport: plain.transport, now, random });
    expect(plain.calls).toHaveLength(0);
    const forced = fakeTransport(() => ok());
    await runOutbox({ transport: forced.transport, now, random, force: true });
    expect(forced.calls).toHaveLength(4);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('google review uploads as hotel_rating with its source; location sharing sends five shares', async () => {
    const review = await queue('google_review', 1);
    const location = await queue('location_sharing', 0);
    const { transport, calls } = fakeTransport(() => ok());
    await runOutbox({ transport, now, random });
    const upload = calls.find((c) => c.kind === 'upload')!.request as UploadRequest;
    expect(upload.eventType).toBe('hotel_rating');
    const creates = calls.filter((c) => c.kind === 'create').map((c) => c.request as CreateRequest);
    expect(creates.find((c) => c.idempotencyKey === review)).toMatchObject({
      path: '/api/google-review-submissions',
      body: { participantPhone: '91234567', source: 'rating_page', uploadIds: [upload.fileId] },
    });
    expect(creates.find((c) => c.idempotencyKey === location)).toMatchObject({
      path: '/api/location-sharing-submissions',
      body: { participantPhone: '91234567', shareCount: 5 },
    });
  });

  it('prunes sent entries after a week', async () => {
    const id = await queue();
    await db.outbox.update(id, { state: 'sent', sentAt: clock });
    expect(await pruneSentEntries(clock + SENT_KEEP_MS - 1)).toBe(0);
    expect(await pruneSentEntries(clock + SENT_KEEP_MS + 1)).toBe(1);
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(await files(id)).toHaveLength(0);
  });
});
