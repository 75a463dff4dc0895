import Dexie, { type EntityTable } from 'dexie';
import type { BookingRequest } from '@shared/booking-schemas';
import type { StayOrderInput } from '@shared/outlet-orders';
import { OUTBOX_DATABASE } from './outbox-presence';

/**
 * The app's one IndexedDB database (Dexie). What lives here:
 * - (`queryCache`, until version 3: the persisted TanStack Query cache now lives in its own
 *   small database, lib/query-client.ts, so Dexie is not needed to start the page; decision 012.)
 * - `outbox`: entries made on the device and waiting to be delivered
 *   (prize-draw entries, guest reviews, booking requests, the extras a guest buys for a stay and a
 *   guest's orders to the outlets; docs/decisions/007-offline-outbox.md, 098-stay-extras.md).
 *   The row's id is the entry's Idempotency-Key.
 * - `outboxFiles`: the (downscaled) images of those entries; the row's id is
 *   the upload id the server stores the image under.
 *
 * The service worker opens the same database (web/src/sw.ts), so nothing
 * here may touch `window`, `document` or `localStorage`.
 */

export type OutboxKind =
  'photography' | 'google_review' | 'location_sharing' | 'review' | 'booking' | 'extra' | 'order';
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';
export type OutboxLanguage = 'ar' | 'en';

export type OutboxPayload = {
  /** The entrant's phone (prize-draw entries); '' for a review. */
  participantPhone: string;
  /** google_review only: which screen made the entry. */
  source?: 'modal' | 'rating_page';
  /** review only: what the guest wrote. */
  review?: { starRating: number; name: string | null; overallReview: string };
  /** The device's id (X-Device-Id): a review's author sees it pending; push tells the device of outcomes. */
  deviceId?: string;
  /** booking only: the request as the form checked it (sent as is). */
  booking?: BookingRequest;
  /**
   * booking only: the account that made it (null: made signed out). It is sent only as
   * that account (`X-Expected-User-Id`; signed out: without cookies), kept until it signs in.
   */
  owner?: { userId: number; email: string } | null;
  /**
   * extra only: the stay and what is bought (POST /api/booking-submissions/:id/extras, sent with
   * this device's cookies: its account or its grant of the booking), and the offer's names to list it.
   */
  extra?: {
    bookingId: number;
    body: {
      extraId: number;
      quantity?: number;
      details?: Record<string, string>;
      channel?: 'app' | 'whatsapp';
    };
    nameAr: string;
    nameEn: string;
  };
  /**
   * order only: a guest's order from the app to an outlet, for the stay `stayId` (sent as is to
   * POST /api/stays/:id/orders, decision 102), and the outlet's names for the list and the toast.
   */
  order?: { stayId: number; body: StayOrderInput; outletNameAr: string; outletNameEn: string };
};

export type OutboxError = { status: number; code: string; message: string };

export type OutboxEntry = {
  /** A crypto.randomUUID(), sent as the `Idempotency-Key` of the create call. */
  id: string;
  kind: OutboxKind;
  payload: OutboxPayload;
  /** UI language when queued: the service worker asks for messages in it. */
  lang: OutboxLanguage;
  state: OutboxState;
  /** Failed attempts so far (drives the backoff). */
  attempts: number;
  /** Epoch ms: not sent before this (backoff); 0 = as soon as possible. */
  nextAttemptAt: number;
  /** Epoch ms the current 'sending' began (a tab closed mid-send leaves it behind). */
  sendingSince: number | null;
  lastError: OutboxError | null;
  createdAt: number;
  sentAt: number | null;
  /** The server's answer: the created record, or the refusal's body (a booking's alternatives). */
  serverResult: unknown;
  /** Epoch ms the guest was told the outcome (bookings: the toast or the refusal dialog). */
  notifiedAt?: number | null;
};

export type OutboxFile = {
  /** A crypto.randomUUID(): the upload id of PUT /api/event-uploads/{id}. */
  id: string;
  entryId: string;
  position: number;
  /** The image; null once the server has confirmed the entry (bytes freed). */
  blob: Blob | null;
  size: number;
  type: string;
  /** Epoch ms of the server's 2xx for the upload; null = still to upload. */
  uploadedAt: number | null;
  /** Upload progress in bytes (throttled writes). */
  bytesSent: number;
};

export const db = new Dexie(OUTBOX_DATABASE) as Dexie & {
  outbox: EntityTable<OutboxEntry, 'id'>;
  outboxFiles: EntityTable<OutboxFile, 'id'>;
};

db.version(1).stores({ queryCache: 'key' });
// The sender reads entries by state; the list sorts by createdAt; files go by entry.
db.version(2).stores({
  queryCache: 'key',
  outbox: 'id, state, createdAt, kind',
  outboxFiles: 'id, entryId',
});
// Version 3 (booking requests join the outbox): same tables; entries queued before it keep
// everything, and the outcome of one already sent or refused counts as told.
db.version(3)
  .stores({ queryCache: 'key', outbox: 'id, state, createdAt, kind', outboxFiles: 'id, entryId' })
  .upgrade((tx) =>
    tx
      .table<OutboxEntry, string>('outbox')
      .toCollection()
      .modify((entry) => {
        entry.notifiedAt ??= entry.state === 'sent' || entry.state === 'refused' ? Date.now() : null;
      }),
  );
// Version 4: the query cache moved out (lib/query-client.ts, decision 012): its old table is dropped.
db.version(4).stores({ queryCache: null });
