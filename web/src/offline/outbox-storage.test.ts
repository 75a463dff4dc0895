import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';

/**
 * Deploys and storage: the outbox asks for persistent storage when the first
 * entry is queued, and a full device (the quota, raised by IndexedDB while the photos are
 * written) is a StorageFullError: nothing of that entry is stored and nothing queued before
 * is lost.
 */

// enqueueEntry starts the page's sender; here it must not reach a real network.
vi.mock('./transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => new Blob([new Uint8Array(200 + i)], { type: 'image/jpeg' }));

/** From now on, writing an image row fails as a full device does (a QuotaExceededError DOMException). */
function fillTheDevice() {
  const how = 'add';
  const store = globalThis.IDBObjectStore.prototype;
  const original = store[how];
  return vi.spyOn(store, how).mockImplementation(function (this: IDBObjectStore, ...args) {
    if (this.name === 'outboxFiles') {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return (original as (...a: unknown[]) => IDBRequest).apply(this, args);
  });
}

async function settle() {
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 5));
}

beforeEach(async () => {
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('a full device while queueing photos', () => {
  it('refuses the new entry as StorageFullError and keeps everything queued before', async () => {
    const { enqueueEntry, StorageFullError } = await import('./outbox');
    const kept = await enqueueEntry({ kind: 'photography', participantPhone: '91234567', files: photos(3) });
    await settle();
    const before = await db.outboxFiles.where('entryId').equals(kept).toArray();
    expect(before).toHaveLength(3);

    fillTheDevice();
    const attempt = enqueueEntry({ kind: 'photography', participantPhone: '92345678', files: photos(4) });
    await expect(attempt).rejects.toBeInstanceOf(StorageFullError);
    await settle();

    // The earlier entry and its images are untouched; of the refused one, not a row is left.
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.id)).toEqual([kept]);
    expect(entries[0]!.payload.participantPhone).toBe('91234567');
    const filesAfter = await db.outboxFiles.toArray();
    expect(filesAfter.map((f) => f.id).sort()).toEqual(before.map((f) => f.id).sort());
    expect(filesAfter.every((f) => f.entryId === kept && f.blob !== null)).toBe(true);

    // Space freed: the same entry queues.
    vi.restoreAllMocks();
    const again = await enqueueEntry({ kind: 'photography', participantPhone: '92345678', files: photos(4) });
    expect(await db.outboxFiles.where('entryId').equals(again).count()).toBe(4);
  });

  it('other failures are not reported as a full device', async () => {
    const { enqueueEntry, StorageFullError } = await import('./outbox');
    vi.spyOn(globalThis.IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('Broken.', 'UnknownError');
    });
    const attempt = enqueueEntry({ kind: 'photography', participantPhone: '91234567', files: photos(3) });
    await expect(attempt).rejects.not.toBeInstanceOf(StorageFullError);
    await expect(attempt).rejects.toBeTruthy();
  });
});

describe('isQuotaExceeded', () => {
  it("knows the browser's error, Dexie's own and Dexie's wrapper, and nothing else", async () => {
    const { isQuotaExceeded } = await import('./outbox');
    expect(isQuotaExceeded(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaExceeded(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(
      isQuotaExceeded(new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError'))),
    ).toBe(true);
    expect(isQuotaExceeded({ name: 'Error', code: 22 })).toBe(true);
    expect(isQuotaExceeded(new Dexie.AbortError('aborted', new Error('other')))).toBe(false);
    expect(isQuotaExceeded(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
    expect(isQuotaExceeded('QuotaExceededError')).toBe(false);
  });
});

describe('persistent storage', () => {
  it('is asked for once, when the first entry is queued', async () => {
    vi.resetModules();
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
    const { enqueueEntry } = await import('./outbox');
    expect(persist).not.toHaveBeenCalled();
    await enqueueEntry({ kind: 'location_sharing', participantPhone: '91234567' });
    await enqueueEntry({ kind: 'location_sharing', participantPhone: '91234568' });
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
