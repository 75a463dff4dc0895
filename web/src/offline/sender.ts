import { EVENT_RULES } from '@shared/constants';
import { db, type OutboxEntry, type OutboxError, type OutboxFile, type OutboxLanguage } from './db';

/**
 * The outbox sender, shared by the page (XMLHttpRequest transport, upload
 * progress) and the service worker (fetch transport, Background Sync). One
 * sender at a time across tabs and the SW: a Web Lock named 'outbox'.
 *
 * For each due entry: upload the files not yet uploaded (client-made upload
 * ids), then the create call with `Idempotency-Key: <entry id>`. A 2xx marks
 * the entry sent and only then frees its images; a 4xx refusal keeps them
 * until the guest removes the entry; anything transient waits with backoff.
 */

export type TransportResponse = {
  status: number;
  body: unknown;
  /** From a Retry-After header, when the server sent one. */
  retryAfterMs?: number;
};

export type UploadRequest = {
  fileId: string;
  eventType: 'photography' | 'hotel_rating';
  blob: Blob;
  type: string;
  language: OutboxLanguage;
  onProgress: (bytesSent: number) => void;
};

export type CreateRequest = {
  path: string;
  body: unknown;
  idempotencyKey: string;
  language: OutboxLanguage;
  /** The device that made the entry (`X-Device-Id`). */
  deviceId?: string;
  /**
   * A booking's account: a number is sent as `X-Expected-User-Id` (the server refuses it
   * with 401 under any other session); null = made signed out, sent without cookies.
   */
  expectedUserId?: number | null;
};

/** Network I/O of the sender. Both calls reject on a network failure (no answer). */
export type Transport = {
  upload(request: UploadRequest): Promise<TransportResponse>;
  create(request: CreateRequest): Promise<TransportResponse>;
};

/** The server's answer to an entry whose phone is not proven (modules/accounts/phone-verification.ts). */
export const PHONE_UNVERIFIED = 'phone_unverified';
/** An entry waiting for its phone is not tried again on its own (only once the phone is verified). */
export const PHONE_HOLD_MS = 365 * 24 * 60 * 60_000;

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** A 'sending' row older than this was left by a closed tab (when Web Locks are missing). */
export const STALE_SENDING_MS = 60_000;
export const SENT_KEEP_MS = 7 * 24 * 60 * 60_000;
const PROGRESS_WRITE_MS = 250;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 min; jitter keeps 50–100 % of it. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * What an answer means for the entry. status 0 = no answer (network). 401 (signed out,
 * or another account signed in; bookings) = held until its account signs in. 403
 * `phone_unverified` (a prize-draw entry whose phone is not proven on this device) = kept,
 * waiting for the guest to verify the phone (releasePhoneHeld in offline/outbox.ts).
 */
export function classify(status: number, code: string | null): 'ok' | 'retry' | 'hold' | 'phone' | 'refuse' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'hold';
  if (status === 403 && code === PHONE_UNVERIFIED) return 'phone';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 409 && code === 'request_in_progress') return 'retry';
  // The server no longer has an uploaded file (cleaned up after a week unused): upload again.
  if (status === 400 && code === 'upload_not_found') return 'retry';
  if (status >= 400) return 'refuse';
  return 'retry';
}

export function errorOf(response: TransportResponse): OutboxError {
  const body = response.body as { error?: { code?: unknown; message?: unknown } } | null;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message : '';
  return { status: response.status, code, message };
}

const NETWORK_ERROR: OutboxError = { status: 0, code: 'network', message: '' };

const CREATE_PATH: Record<Exclude<OutboxEntry['kind'], 'extra' | 'order'>, string> = {
  photography: '/api/photography-submissions',
  google_review: '/api/google-review-submissions',
  location_sharing: '/api/location-sharing-submissions',
  review: '/api/reviews',
  booking: '/api/booking-submissions',
} as const;

export function createRequestOf(
  entry: OutboxEntry,
  files: OutboxFile[],
  language: OutboxLanguage,
): CreateRequest {
  const uploadIds = [...files].sort((a, b) => a.position - b.position).map((f) => f.id);
  const { participantPhone, source } = entry.payload;
  // The device that made it (every kind; entries queued before devices had an id have none).
  const device = entry.payload.deviceId ? { deviceId: entry.payload.deviceId } : {};
  if (entry.kind === 'booking') {
    return {
      path: CREATE_PATH.booking,
      body: entry.payload.booking,
      idempotencyKey: entry.id,
      language,
      expectedUserId: entry.payload.owner?.userId ?? null,
      ...device,
    };
  }
  if (entry.kind === 'extra') {
    // An extra for a stay: sent with this device's cookies (the account's session or the booking's grant).
    const extra = entry.payload.extra!;
    return {
      path: `/api/booking-submissions/${extra.bookingId}/extras`,
      body: extra.body,
      idempotencyKey: entry.id,
      language,
      ...device,
    };
  }
  if (entry.kind === 'order') {
    // A guest's order (decision 102): the stay's own guest by this device's cookies (its account
    // or the grant of its link), as the screen that queued it.
    const order = entry.payload.order;
    return {
      path: `/api/stays/${order?.stayId ?? 0}/orders`,
      body: order?.body ?? {},
      idempotencyKey: entry.id,
      language,
      ...device,
    };
  }
  if (entry.kind === 'review') {
    return {
      path: CREATE_PATH.review,
      body: entry.payload.review,
      idempotencyKey: entry.id,
      language,
      ...device,
    };
  }
  const body =
    entry.kind === 'location_sharing'
      ? { participantPhone, shareCount: EVENT_RULES.locationSharesRequired }
      : entry.kind === 'google_review'
        ? { participantPhone, source: source ?? 'modal', uploadIds }
        : { participantPhone, uploadIds };
  return { path: CREATE_PATH[entry.kind], body, idempotencyKey: entry.id, language, ...device };
}

export type RunOptions = {
  transport: Transport;
  /** The language to ask messages in (the page's current one); default: the entry's. */
  language?: () => OutboxLanguage;
  /** Also retry now the entries that failed on the network (the network just came back). */
  force?: boolean;
  now?: () => number;
  random?: () => number;
};

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

function webLocks(): Locks | null {
  const nav = (globalThis as { navigator?: { locks?: Locks } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

function isOffline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine === false;
}

/**
 * Sends every due entry once. Returns when the next automatic try is due
 * (epoch ms) or null when nothing is waiting.
 */
export async function runOutbox(options: RunOptions): Promise<{ nextWakeAt: number | null; sent: number }> {
  const locks = webLocks();
  if (locks) return locks.request('outbox', () => runLocked(options, true));
  return runLocked(options, false);
}

async function runLocked(options: RunOptions, exclusive: boolean) {
  const now = options.now ?? Date.now;
  const tried = new Set<string>();
  let sent = 0;
  // No network at all: don't count attempts; the 'online' event (or Background Sync) wakes us.
  if (!isOffline()) {
    for (;;) {
      const entry = await nextDue(now(), exclusive, options.force ?? false, tried);
      if (!entry) break;
      tried.add(entry.id);
      if (await sendEntry(entry, options)) sent += 1;
      if (isOffline()) break;
    }
  }
  return { nextWakeAt: await nextWake(exclusive, isOffline()), sent };
}

async function nextDue(at: number, exclusive: boolean, force: boolean, tried: Set<string>) {
  const rows = await db.outbox.where('state').anyOf('waiting', 'sending').toArray();
  const due = rows.filter((row) => {
    if (tried.has(row.id)) return false;
    if (row.state === 'sending') return exclusive || (row.sendingSince ?? 0) <= at - STALE_SENDING_MS;
    // The network is back (or someone signed in): what failed on it, or waited for its account, goes now.
    const status = row.lastError?.status;
    return row.nextAttemptAt <= at || (force && (status === 0 || status === 401));
  });
  due.sort((a, b) => a.createdAt - b.createdAt);
  return due[0] ?? null;
}

async function nextWake(exclusive: boolean, offline: boolean): Promise<number | null> {
  if (offline) return null;
  const rows = await db.outbox.where('state').anyOf('waiting', 'sending').toArray();
  const times = rows.map((row) =>
    row.state === 'waiting' ? row.nextAttemptAt : exclusive ? 0 : (row.sendingSince ?? 0) + STALE_SENDING_MS,
  );
  return times.length > 0 ? Math.min(...times) : null;
}

/** One try at one entry; true when the server confirmed it. */
export async function sendEntry(entry: OutboxEntry, options: RunOptions): Promise<boolean> {
  const now = options.now ?? Date.now;
  const language = options.language?.() ?? entry.lang;
  await db.outbox.update(entry.id, { state: 'sending', sendingSince: now() });
  const files = (await db.outboxFiles.where('entryId').equals(entry.id).toArray()).sort(
    (a, b) => a.position - b.position,
  );
  try {
    for (const file of files) {
      if (file.uploadedAt !== null) continue; // uploaded before a drop: not sent again
      if (!file.blob) {
        await refuse(entry.id, { status: 0, code: 'file_missing', message: '' });
        return false;
      }
      let lastWrite = 0;
      const response = await options.transport.upload({
        fileId: file.id,
        eventType: entry.kind === 'photography' ? 'photography' : 'hotel_rating',
        blob: file.blob,
        type: file.type,
        language,
        onProgress: (bytesSent) => {
          const t = now();
          if (t - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = t;
          void db.outboxFiles.update(file.id, { bytesSent }).catch(() => undefined);
        },
      });
      const outcome = classify(response.status, errorOf(response).code);
      if (outcome !== 'ok') {
        await fail(entry, response, outcome, options);
        return false;
      }
      await db.outboxFiles.update(file.id, { uploadedAt: now(), bytesSent: file.size });
    }
    const response = await options.transport.create(createRequestOf(entry, files, language));
    const outcome = classify(response.status, errorOf(response).code);
    if (errorOf(response).code === 'upload_not_found') {
      // Send every file again on the next try (they are still on the device).
      await db.outboxFiles.where('entryId').equals(entry.id).modify({ uploadedAt: null, bytesSent: 0 });
    }
    if (outcome !== 'ok') {
      await fail(entry, response, outcome, options);
      return false;
    }
    // The server has the entry: only now are its images dropped from the device.
    await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
      await db.outbox.update(entry.id, {
        state: 'sent',
        notifiedAt: null,
        sentAt: now(),
        sendingSince: null,
        lastError: null,
        serverResult: response.body,
      });
      await db.outboxFiles.where('entryId').equals(entry.id).modify({ blob: null });
    });
    return true;
  } catch {
    await fail(entry, { status: 0, body: null }, 'retry', options);
    return false;
  }
}

async function fail(
  entry: OutboxEntry,
  response: TransportResponse,
  outcome: 'retry' | 'hold' | 'phone' | 'refuse',
  options: RunOptions,
) {
  const error = response.status === 0 ? NETWORK_ERROR : errorOf(response);
  if (outcome === 'refuse') return refuse(entry.id, error, response.body);
  const now = (options.now ?? Date.now)();
  if (outcome === 'phone') {
    // Kept (never lost): it waits until the guest verifies the phone, and is told so once.
    await db.outbox.update(entry.id, {
      state: 'waiting',
      nextAttemptAt: now + PHONE_HOLD_MS,
      sendingSince: null,
      lastError: error,
      notifiedAt: null,
    });
    return;
  }
  if (outcome === 'hold') {
    // Not the account's session: no attempt counted; tried again on sign-in (force) or in 5 min.
    await db.outbox.update(entry.id, {
      state: 'waiting',
      nextAttemptAt: now + BACKOFF_MAX_MS,
      sendingSince: null,
      lastError: error,
    });
    return;
  }
  const attempts = entry.attempts + 1;
  const delay = Math.max(backoffDelay(attempts, options.random), response.retryAfterMs ?? 0);
  await db.outbox.update(entry.id, {
    state: 'waiting',
    attempts,
    nextAttemptAt: now + delay,
    sendingSince: null,
    lastError: error,
  });
}

async function refuse(entryId: string, error: OutboxError, body: unknown = null) {
  // The images stay: the guest sees why and removes the entry (or staff can be shown it).
  await db.outbox.update(entryId, {
    state: 'refused',
    sendingSince: null,
    lastError: error,
    serverResult: body,
    notifiedAt: null,
  });
}

/** Forgets sent entries older than a week. */
export async function pruneSentEntries(at: number): Promise<number> {
  return db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const old = (await db.outbox.where('state').equals('sent').toArray()).filter(
      (row) => (row.sentAt ?? 0) < at - SENT_KEEP_MS,
    );
    const ids = old.map((row) => row.id);
    if (ids.length === 0) return 0;
    await db.outboxFiles.where('entryId').anyOf(ids).delete();
    await db.outbox.bulkDelete(ids);
    return ids.length;
  });
}

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null, at: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - at);
}
