import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { BookingRequest } from '@shared/booking-schemas';
import { deviceId } from '@/lib/device-id';
import { currentLanguage } from '@/lib/i18n';
import {
  db,
  type OutboxEntry,
  type OutboxError,
  type OutboxFile,
  type OutboxKind,
  type OutboxPayload,
  type OutboxState,
} from './db';
import { markOutboxLoaded, OUTBOX_USED_EVENT } from './outbox-presence';
import { normalizePhone } from '@shared/digits';
import { PHONE_UNVERIFIED, pruneSentEntries, runOutbox } from './sender';
import { xhrTransport } from './transport-xhr';

/**
 * The offline outbox: prize-draw entries, guest reviews and booking requests are queued on the device (Dexie)
 * and delivered exactly once (Idempotency-Key = entry id, client-made upload
 * ids). Public API for the screens; see docs/decisions/007-offline-outbox.md.
 */

export type EnqueueInput =
  | { kind: 'photography'; participantPhone: string; files: Blob[] }
  | { kind: 'google_review'; source: 'modal' | 'rating_page'; participantPhone: string; files: Blob[] }
  | { kind: 'location_sharing'; participantPhone: string }
  | {
      kind: 'review';
      review: { starRating: number; name: string | null; overallReview: string };
      deviceId: string;
    }
  | {
      kind: 'booking';
      /** The submission's Idempotency-Key: the one its online try already carried. */
      id: string;
      booking: BookingRequest;
      owner: { userId: number; email: string } | null;
    }
  | {
      kind: 'extra';
      extra: NonNullable<OutboxEntry['payload']['extra']>;
    }
  | {
      kind: 'order';
      /** The order's Idempotency-Key: the one its online try already carried. */
      id: string;
      order: NonNullable<OutboxPayload['order']>;
    };

export type OutboxEntryView = {
  id: string;
  kind: OutboxKind;
  state: OutboxState;
  participantPhone: string;
  source: 'modal' | 'rating_page' | null;
  /** A review's text and stars (reviews only). */
  review: { starRating: number; name: string | null; overallReview: string } | null;
  /** A booking request and its account (bookings only). */
  booking: BookingRequest | null;
  /** The extra bought for a stay (extras only). */
  extra: OutboxEntry['payload']['extra'] | null;
  /** A guest's order to an outlet (orders only). */
  order: OutboxPayload['order'] | null;
  owner: { userId: number; email: string } | null;
  /** Waits for its account to sign in (a booking answered 401). */
  held: boolean;
  /** Waits for its phone to be verified (a prize-draw entry answered 403 phone_unverified). */
  needsPhone: boolean;
  notifiedAt: number | null;
  attempts: number;
  /** Epoch ms of the next automatic try (waiting entries). */
  nextAttemptAt: number;
  lastError: OutboxError | null;
  createdAt: number;
  sentAt: number | null;
  serverResult: unknown;
  fileCount: number;
  filesUploaded: number;
  bytesTotal: number;
  bytesSent: number;
  /** 0–100, whole percent of the bytes uploaded (100 when there are no files). */
  percent: number;
};

let persistAsked = false;

// The header's indicator learns that the outbox is in use (offline/outbox-presence.ts).
markOutboxLoaded();

/**
 * The device has no room left for what was being queued (the browser's storage quota):
 * nothing of this entry was stored, and everything queued before is kept. The screens
 * say so and keep what the guest typed and chose, so they can free space and try again.
 */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('storage full', { cause });
    this.name = 'StorageFullError';
  }
}

/**
 * Whether an IndexedDB failure is the quota: Dexie raises `QuotaExceededError` itself or
 * wraps the browser's DOMException (an AbortError of the transaction whose `inner` is it).
 */
export function isQuotaExceeded(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { name, code, inner } = e as { name?: unknown; code?: unknown; inner?: unknown };
    // 22: the legacy DOMException code of QuotaExceededError (older Safari reports only it).
    if (name === 'QuotaExceededError' || code === 22) return true;
    e = inner;
  }
  return false;
}

/**
 * Queues an entry with its (already downscaled) files in one transaction, then starts sending.
 * Throws StorageFullError when the device is full: the transaction is rolled back whole.
 */
export async function enqueueEntry(input: EnqueueInput): Promise<string> {
  // The first time anything is queued, ask that the browser never evict the outbox.
  askPersistentStorage();
  const id = input.kind === 'booking' || input.kind === 'order' ? input.id : crypto.randomUUID();
  const now = Date.now();
  const entry: OutboxEntry = {
    id,
    kind: input.kind,
    // Every entry names the device that made it (X-Device-Id): its push subscription hears
    // of the outcome without an account (lib/device-id.ts).
    payload:
      input.kind === 'extra'
        ? { participantPhone: '', extra: input.extra, deviceId: deviceId() }
        : input.kind === 'booking'
          ? {
              participantPhone: input.booking.phoneNumber,
              booking: input.booking,
              owner: input.owner,
              deviceId: deviceId(),
            }
          : input.kind === 'order'
            ? { participantPhone: '', order: input.order, deviceId: deviceId() }
            : input.kind === 'review'
              ? { participantPhone: '', review: input.review, deviceId: input.deviceId }
              : {
                  participantPhone: input.participantPhone,
                  ...(input.kind === 'google_review' && { source: input.source }),
                  deviceId: deviceId(),
                },
    lang: currentLanguage(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    sendingSince: null,
    lastError: null,
    createdAt: now,
    sentAt: null,
    serverResult: null,
    notifiedAt: null,
  };
  const files: OutboxFile[] =
    input.kind === 'location_sharing' ||
    input.kind === 'review' ||
    input.kind === 'booking' ||
    input.kind === 'extra' ||
    input.kind === 'order'
      ? []
      : input.files.map((blob, position) => ({
          id: crypto.randomUUID(),
          entryId: id,
          position,
          blob,
          size: blob.size,
          type: blob.type || 'application/octet-stream',
          uploadedAt: null,
          bytesSent: 0,
        }));
  try {
    await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
      await db.outbox.add(entry);
      if (files.length > 0) await db.outboxFiles.bulkAdd(files);
    });
  } catch (error) {
    if (isQuotaExceeded(error)) throw new StorageFullError(error);
    throw error;
  }
  void registerBackgroundSync();
  sendQueuedSoon();
  // A device's first entry: the outbox was not started on load (offline/start-when-idle.ts).
  startOutbox();
  window.dispatchEvent(new Event(OUTBOX_USED_EVENT));
  return id;
}

/** Every outbox entry, newest first, live (re-renders on any change, also from other tabs). */
export function useOutboxEntries(kind?: OutboxKind): OutboxEntryView[] {
  return (
    useLiveQuery(async () => {
      const entries = await db.outbox.orderBy('createdAt').reverse().toArray();
      const wanted = kind ? entries.filter((e) => e.kind === kind) : entries;
      if (wanted.length === 0) return [];
      const files = await db.outboxFiles
        .where('entryId')
        .anyOf(wanted.map((e) => e.id))
        .toArray();
      return wanted.map((e) => toView(e, files));
    }, [kind]) ?? []
  );
}

/** How a queued entry's first delivery ended, as the form that queued it tells the guest. */
export type DeliveryOutcome =
  /** The server has it. */
  | { kind: 'sent' }
  /** Kept on the device: offline, the first try did not get through, or the wait ran out. */
  | { kind: 'queued' }
  /** The server refused it (its message is in the guest's language). */
  | { kind: 'refused'; error: OutboxError }
  /** Kept on the device until its phone is verified (a prize-draw entry; releasePhoneHeld). */
  | { kind: 'needs_phone'; phone: string };

type Watch = { entryId: string; startedAt: number };

/**
 * Entries a form on this page is watching, or has told the guest about itself (useEntryDelivery):
 * the page-wide announcer (claimOutcomes) leaves them alone, so an outcome is told once. One
 * left kept on the device (or by a form that closed before it settled) is the announcer's.
 */
const toldByForm = new Map<string, 'watching' | 'told'>();

/**
 * Watches the entry a form has just queued in the outbox until its first delivery settles, so the form's message tells the truth: sent,
 * refused (the server's reason), or kept on the device to be sent later, after a failed try,
 * offline, or once `waitMs` has passed. `settleWhenOffline`: going offline while waiting settles
 * it as kept too. Used by the prize-draw entries and the guest reviews.
 */
export function useEntryDelivery(
  kind: OutboxKind,
  {
    waitMs,
    settleWhenOffline = false,
    onSettled,
  }: { waitMs: number; settleWhenOffline?: boolean; onSettled: (outcome: DeliveryOutcome) => void },
): {
  /** Starts watching an entry just queued. */
  watch: (entryId: string) => void;
  /** True from `watch` until the outcome is known. */
  isWatching: boolean;
  /** The entry being delivered (for a progress line), if any. */
  watched: OutboxEntryView | undefined;
  /** This device's entries of the kind. */
  entries: OutboxEntryView[];
} {
  const entries = useOutboxEntries(kind);
  const [watch, setWatch] = useState<Watch | null>(null);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  const watched = watch ? entries.find((e) => e.id === watch.entryId) : undefined;

  // Settle the watched entry: sent, refused, or (after a failed try, offline, or a long wait) queued.
  useEffect(() => {
    if (!watch || !watched) return;
    const finish = (outcome: DeliveryOutcome) => {
      setWatch(null);
      // Sent or refused: the form tells the guest now. Kept on the device: the announcer will.
      // Waiting for its phone: the form asks for the code now (so it is marked told), and the
      // announcer tells its delivery once the phone is verified (releasePhoneHeld).
      if (outcome.kind === 'queued') toldByForm.delete(watch.entryId);
      else {
        if (outcome.kind === 'needs_phone') toldByForm.delete(watch.entryId);
        else toldByForm.set(watch.entryId, 'told');
        void markNotified(watch.entryId).catch(() => undefined);
      }
      settledRef.current(outcome);
    };
    if (watched.state === 'sent') return finish({ kind: 'sent' });
    if (watched.state === 'refused') {
      return finish({
        kind: 'refused',
        error: watched.lastError ?? { status: 0, code: 'refused', message: '' },
      });
    }
    if (watched.needsPhone) return finish({ kind: 'needs_phone', phone: watched.participantPhone });
    if (watched.attempts > 0 || !navigator.onLine) return finish({ kind: 'queued' });
    const left = watch.startedAt + waitMs - Date.now();
    const timer = window.setTimeout(() => finish({ kind: 'queued' }), Math.max(left, 0));
    if (!settleWhenOffline) return () => window.clearTimeout(timer);
    const offline = () => finish({ kind: 'queued' });
    window.addEventListener('offline', offline);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [watch, watched, waitMs, settleWhenOffline]);

  // The form goes away before the outcome is known: the announcer will tell it.
  useEffect(() => {
    if (!watch) return;
    const id = watch.entryId;
    return () => {
      if (toldByForm.get(id) === 'watching') toldByForm.delete(id);
    };
  }, [watch]);

  return {
    watch: (entryId) => {
      toldByForm.set(entryId, 'watching');
      setWatch({ entryId, startedAt: Date.now() });
    },
    isWatching: watch !== null,
    watched,
    entries,
  };
}

export function toView(entry: OutboxEntry, allFiles: OutboxFile[]): OutboxEntryView {
  const files = allFiles.filter((f) => f.entryId === entry.id);
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  const bytesSent = files.reduce(
    (sum, f) => sum + (f.uploadedAt ? f.size : Math.min(f.bytesSent, f.size)),
    0,
  );
  return {
    id: entry.id,
    kind: entry.kind,
    state: entry.state,
    participantPhone: entry.payload.participantPhone,
    source: entry.payload.source ?? null,
    review: entry.payload.review ?? null,
    booking: entry.payload.booking ?? null,
    extra: entry.payload.extra ?? null,
    order: entry.payload.order ?? null,
    owner: entry.payload.owner ?? null,
    held: entry.state === 'waiting' && entry.lastError?.status === 401,
    needsPhone: waitsForPhone(entry),
    notifiedAt: entry.notifiedAt ?? null,
    attempts: entry.attempts,
    nextAttemptAt: entry.nextAttemptAt,
    lastError: entry.lastError,
    createdAt: entry.createdAt,
    sentAt: entry.sentAt,
    serverResult: entry.serverResult,
    fileCount: files.length,
    filesUploaded: files.filter((f) => f.uploadedAt !== null).length,
    bytesTotal,
    bytesSent,
    percent: entry.state === 'sent' || bytesTotal === 0 ? 100 : Math.floor((bytesSent / bytesTotal) * 100),
  };
}

/** A prize-draw entry the server refused for want of a verified phone: kept, waiting for it. */
export function waitsForPhone(entry: OutboxEntry): boolean {
  return entry.state === 'waiting' && entry.lastError?.code === PHONE_UNVERIFIED;
}

/**
 * The phone has just been verified on this device: the entries waiting for it are sent now
 * (each once: its Idempotency-Key is the one its refused try carried).
 */
export async function releasePhoneHeld(phone: string): Promise<number> {
  const wanted = normalizePhone(phone);
  const now = Date.now();
  const released = await db.transaction('rw', db.outbox, async () => {
    const rows = (await db.outbox.where('state').equals('waiting').toArray()).filter(
      (row) => waitsForPhone(row) && normalizePhone(row.payload.participantPhone) === wanted,
    );
    for (const row of rows) {
      await db.outbox.update(row.id, { nextAttemptAt: now, lastError: null, notifiedAt: null });
    }
    return rows.length;
  });
  if (released > 0) sendQueuedSoon();
  return released;
}

/** Try now: one waiting entry, or every waiting entry (the Retry button). */
export function retryNow(entryId?: string): void {
  void (async () => {
    const now = Date.now();
    await db.transaction('rw', db.outbox, async () => {
      const rows = entryId
        ? [await db.outbox.get(entryId)].filter((e): e is OutboxEntry => !!e)
        : await db.outbox.where('state').equals('waiting').toArray();
      for (const row of rows)
        if (row.state === 'waiting') await db.outbox.update(row.id, { nextAttemptAt: now });
    });
    sendQueuedSoon();
  })();
}

/**
 * Removes a refused or sent entry and its files, or a booking waiting for its account to sign
 * in (nothing of it reached the server); other waiting/sending entries are kept (returns false).
 */
export async function removeEntry(entryId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const entry = await db.outbox.get(entryId);
    const held = entry?.state === 'waiting' && entry.lastError?.status === 401;
    if (!entry || (entry.state !== 'refused' && entry.state !== 'sent' && !held)) return false;
    await db.outboxFiles.where('entryId').equals(entryId).delete();
    await db.outbox.delete(entryId);
    return true;
  });
}

/** The guest has been told this entry's outcome (it is not announced again). */
export async function markNotified(entryId: string): Promise<void> {
  await db.outbox.update(entryId, { notifiedAt: Date.now() });
}

/**
 * The delivered or refused entries, and those waiting for their phone to be verified (every
 * kind but bookings, which features/bookings tells with their alternatives) whose outcome
 * nobody has told the guest yet, marked as told in
 * the same transaction: whichever page or tab claims one announces it, and nobody again,
 * also after a reload. Entries a form of this page watches are left to that form.
 */
export async function claimOutcomes(): Promise<OutboxEntryView[]> {
  return db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const settled = await db.outbox.where('state').anyOf('sent', 'refused', 'waiting').toArray();
    const due = settled.filter(
      (e) =>
        e.kind !== 'booking' &&
        (e.state !== 'waiting' || waitsForPhone(e)) &&
        (e.notifiedAt ?? null) === null &&
        !toldByForm.has(e.id),
    );
    if (due.length === 0) return [];
    const now = Date.now();
    for (const entry of due) await db.outbox.update(entry.id, { notifiedAt: now });
    const files = await db.outboxFiles
      .where('entryId')
      .anyOf(due.map((e) => e.id))
      .toArray();
    return due.sort((a, b) => a.createdAt - b.createdAt).map((e) => toView({ ...e, notifiedAt: now }, files));
  });
}

let started = false;
let running: Promise<void> | null = null;
let again = false;
let forceNext = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Runs the sender now (coalesced: one run per tab; across tabs and the SW a Web Lock).
 * `force`: the network is back, so entries that failed on it go now, whatever their backoff.
 */
export function sendQueuedSoon(options: { force?: boolean } = {}): void {
  if (options.force) forceNext = true;
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    try {
      do {
        again = false;
        const force = forceNext;
        forceNext = false;
        const { nextWakeAt } = await runOutbox({
          transport: xhrTransport,
          language: () => currentLanguage(),
          force,
        });
        schedule(nextWakeAt);
      } while (again);
    } catch {
      // IndexedDB unavailable (private mode in old browsers): nothing to send.
    } finally {
      running = null;
    }
  })();
}

function schedule(at: number | null) {
  clearTimeout(timer);
  if (at === null) return;
  // Never sleep longer than a minute: a 'sending' row left by a closed tab is picked up too.
  const delay = Math.min(Math.max(at - Date.now(), 0), 60_000);
  timer = setTimeout(() => sendQueuedSoon(), delay);
}

/** Starts the outbox once per page: sends on load, online, visible, the backoff timer and SW messages. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  void pruneSentEntries(Date.now()).catch(() => undefined);
  sendQueuedSoon();
  window.addEventListener('online', () => sendQueuedSoon({ force: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') sendQueuedSoon({ force: navigator.onLine });
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string } | null;
    if (data?.type === 'outbox') sendQueuedSoon();
  });
}

/**
 * Asks once per page for persistent storage, so the browser does not evict queued entries
 * when the device runs low (Chromium grants it to installed apps; others may ask or refuse).
 */
function askPersistentStorage() {
  if (persistAsked) return;
  persistAsked = true;
  try {
    void navigator.storage?.persist?.().catch(() => false);
  } catch {
    // No StorageManager here: nothing to ask.
  }
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Background Sync (where the browser has it) wakes the service worker's sender when the network returns. */
async function registerBackgroundSync() {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register('outbox');
  } catch {
    // No service worker or no permission: the page's own triggers still send.
  }
}
