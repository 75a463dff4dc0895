import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { expect, it } from 'vitest';

/**
 * Versions 3 (booking requests) and 4 (the query cache moved out, decision 012) keep what
 * version 2 queued.
 */
it('upgrading from version 2 keeps every queued entry and file and drops the old query cache', async () => {
  const old = new Dexie('hotel-app');
  old.version(1).stores({ queryCache: 'key' });
  old
    .version(2)
    .stores({ queryCache: 'key', outbox: 'id, state, createdAt, kind', outboxFiles: 'id, entryId' });
  const base = {
    payload: { participantPhone: '91234567' },
    lang: 'ar',
    attempts: 0,
    nextAttemptAt: 0,
    sendingSince: null,
    lastError: null,
    createdAt: 1,
    sentAt: null,
    serverResult: null,
  };
  await old.table('outbox').bulkAdd([
    { ...base, id: 'waiting-entry', kind: 'photography', state: 'waiting' },
    { ...base, id: 'sent-entry', kind: 'location_sharing', state: 'sent', sentAt: 2 },
  ]);
  await old.table('outboxFiles').add({
    id: 'file-1',
    entryId: 'waiting-entry',
    position: 0,
    blob: null,
    size: 10,
    type: 'image/jpeg',
    uploadedAt: null,
    bytesSent: 0,
  });
  await old.table('queryCache').add({ key: 'cache', value: '{}' });
  old.close();

  const { db } = await import('./db');
  expect(db.verno).toBe(4);
  const entries = await db.outbox.orderBy('id').toArray();
  expect(entries.map((e) => [e.id, e.state, e.notifiedAt])).toEqual([
    ['sent-entry', 'sent', expect.any(Number)],
    ['waiting-entry', 'waiting', null],
  ]);
  expect(await db.outboxFiles.get('file-1')).toMatchObject({ entryId: 'waiting-entry' });
  expect(db.tables.map((t) => t.name).sort()).toEqual(['outbox', 'outboxFiles']);
});
