import { useEffect, useRef, useState } from 'react';
import type { EventType } from '@shared/constants';
import { offerPushOptIn } from '@/lib/push-offer-rules';
import { ApiRequestError } from '@/lib/api-client';
import type { OutboxError, OutboxKind } from '@/offline/db';
import { downscaleImage } from '@/offline/downscale';
import {
  type EnqueueInput,
  enqueueEntry,
  releasePhoneHeld,
  StorageFullError,
  useEntryDelivery,
} from '@/offline/outbox';
import { PHONE_UNVERIFIED } from '@/offline/sender';
import { checkMonthlyParticipation } from '../api/check-monthly-participation';

/**
 * How a guest's prize-draw entry is made: online, the monthly rule is checked first (spec: "no
 * submit is sent" when the phone already took part); then the entry is
 * queued in the outbox, which delivers it exactly once. While online the
 * screen waits for the outbox's answer so its toast tells the truth: sent,
 * refused (with the server's reason), or kept on the phone to be sent later.
 *
 * The phone must be proven by a code: when the check (or, rarely,
 * the delivery) answers `phone_unverified`, the hook asks for the code (`verification`, the
 * props of <PhoneVerification>) and then goes on: the entry is checked and queued again, or
 * the one kept on the device is sent (releasePhoneHeld). Offline, the outbox keeps the entry
 * until the phone is verified online (components/outbox/outbox-list.tsx).
 */

/** How long to wait for the first delivery before saying the entry will be sent later. */
const SEND_WAIT_MS = 30_000;

export type EntryOutcome =
  /** The server has the entry. */
  | { kind: 'sent' }
  /** Kept on the device: offline, or the first try did not get through. */
  | { kind: 'queued' }
  /**
   * Kept on the device until its phone is verified (the server asked for the code at delivery):
   * `verified` once the guest has done so (it is being sent; the announcer tells its delivery).
   */
  | { kind: 'waits_for_phone'; verified: boolean }
  /** Checked before queueing: this phone already took part this month. */
  | { kind: 'already_participated' }
  /** Checked before queueing: an admin has switched the event off. */
  | { kind: 'closed' }
  /** The server refused the entry (its message is in the guest's language). */
  | { kind: 'refused'; error: OutboxError }
  /** The participation check refused the phone number (a field error code or message). */
  | { kind: 'invalid_phone'; message: string }
  /** An image could not be read or converted on the device. */
  | { kind: 'read_failed' }
  /** The device's storage is full: nothing of this entry was queued, what was queued before is kept. */
  | { kind: 'storage_full' };

export type EntryRequest = {
  eventType: EventType;
  participantPhone: string;
  /** Images to downscale on the device and queue: photos, or screenshots (kept sharper). */
  images?: { files: readonly File[]; preset: 'photo' | 'screenshot' };
  entry:
    | { kind: 'photography' }
    | { kind: 'google_review'; source: 'modal' | 'rating_page' }
    | { kind: 'location_sharing' };
};

/** The code step the form shows: the phone as typed, and what follows its verification. */
export type PhoneVerificationStep = { phone: string; onVerified: () => void; onClose: () => void };

export function useEventEntry(kind: OutboxKind, onOutcome: (outcome: EntryOutcome) => void) {
  const [checking, setChecking] = useState(false);
  const [verification, setVerification] = useState<PhoneVerificationStep | null>(null);
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  });
  const close = () => setVerification(null);
  const delivery = useEntryDelivery(kind, {
    waitMs: SEND_WAIT_MS,
    settleWhenOffline: true,
    onSettled: (outcome) => {
      if (outcome.kind !== 'needs_phone') return outcomeRef.current(outcome);
      // Kept on the device: once the phone is verified, it is sent.
      setVerification({
        phone: outcome.phone,
        onClose: () => {
          close();
          outcomeRef.current({ kind: 'waits_for_phone', verified: false });
        },
        onVerified: () => {
          close();
          void releasePhoneHeld(outcome.phone);
          outcomeRef.current({ kind: 'waits_for_phone', verified: true });
        },
      });
    },
  });

  async function submit(request: EntryRequest): Promise<void> {
    if (checking || delivery.isWatching) return;
    setChecking(true);
    try {
      const outcome = await prepareAndQueue(request);
      if ('kind' in outcome && outcome.kind === PHONE_UNVERIFIED) {
        // Asked for the code first; then the same entry goes on from the start.
        setVerification({
          phone: request.participantPhone,
          onClose: close,
          onVerified: () => {
            close();
            void releasePhoneHeld(request.participantPhone);
            void submitRef.current(request);
          },
        });
      } else if ('entryId' in outcome) {
        if (navigator.onLine) delivery.watch(outcome.entryId);
        else outcomeRef.current({ kind: 'queued' });
      } else {
        outcomeRef.current(outcome);
      }
    } finally {
      setChecking(false);
    }
  }

  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  return {
    submit,
    /** The phone's code step, while the form asks for it (render <PhoneVerification {...verification} />). */
    verification,
    /** True from the press until the outcome is known (the check, queueing and, online, the delivery). */
    isPending: checking || delivery.isWatching,
    /** The entry being delivered, for a progress line (percent of bytes uploaded). */
    sending: delivery.watched ?? null,
  };
}

async function prepareAndQueue(
  request: EntryRequest,
): Promise<EntryOutcome | { entryId: string } | { kind: typeof PHONE_UNVERIFIED }> {
  const { eventType, participantPhone } = request;
  if (navigator.onLine) {
    try {
      const check = await checkMonthlyParticipation(participantPhone, eventType);
      if (!check.isEnabled) return { kind: 'closed' };
      if (check.hasParticipated) return { kind: 'already_participated' };
    } catch (error) {
      // A refused phone is the guest's to fix; anything else (no network after all, a
      // busy server) does not stop the entry: the outbox sends it and the server decides.
      if (error instanceof ApiRequestError && error.body?.error.code === PHONE_UNVERIFIED) {
        return { kind: PHONE_UNVERIFIED };
      }
      if (error instanceof ApiRequestError && error.status === 400) {
        const fields = error.body?.error.fields ?? {};
        return { kind: 'invalid_phone', message: fields.participantPhone ?? error.message };
      }
    }
  }

  let files: Blob[] = [];
  if (request.images) {
    const { preset } = request.images;
    try {
      files = await Promise.all(request.images.files.map((file) => downscaleImage(file, { preset })));
    } catch {
      return { kind: 'read_failed' };
    }
  }

  const input: EnqueueInput =
    request.entry.kind === 'location_sharing'
      ? { kind: 'location_sharing', participantPhone }
      : request.entry.kind === 'photography'
        ? { kind: 'photography', participantPhone, files }
        : { kind: 'google_review', source: request.entry.source, participantPhone, files };
  try {
    const entryId = await enqueueEntry(input);
    // The guest may hear of the decision on this device (never on page load).
    offerPushOptIn();
    return { entryId };
  } catch (error) {
    if (error instanceof StorageFullError) return { kind: 'storage_full' };
    throw error;
  }
}
