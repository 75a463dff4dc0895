import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OutboxError } from '@/offline/db';
import { enqueueEntry, StorageFullError, useEntryDelivery } from '@/offline/outbox';
import { reviewKeys } from '../api/review-keys';
import { deviceId } from '@/lib/device-id';

/**
 * How a review is sent: it is queued in
 * the outbox (Idempotency-Key = the entry's id, so it is stored once however often it is
 * retried), and while online the form waits for the outbox's answer so its message tells the
 * truth: sent, refused (the server's reason), or kept on the device to be sent later.
 */
const SEND_WAIT_MS = 20_000;

export type ReviewOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  | { kind: 'refused'; error: OutboxError }
  /** The device's storage is full: the review was not queued (the form keeps it). */
  | { kind: 'storage_full' };

export type ReviewDraft = { starRating: number; name: string | null; overallReview: string };

export function useSubmitReview(onOutcome: (outcome: ReviewOutcome) => void) {
  const queryClient = useQueryClient();
  const [queueing, setQueueing] = useState(false);
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  });
  const delivery = useEntryDelivery('review', {
    waitMs: SEND_WAIT_MS,
    onSettled: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // A review names no phone: never held for one (prize-draw entries only).
      outcomeRef.current(outcome.kind === 'needs_phone' ? { kind: 'queued' } : outcome);
    },
  });

  async function submit(review: ReviewDraft) {
    if (queueing || delivery.isWatching) return;
    setQueueing(true);
    try {
      let entryId: string;
      try {
        entryId = await enqueueEntry({ kind: 'review', review, deviceId: deviceId() });
      } catch (error) {
        if (error instanceof StorageFullError) return outcomeRef.current({ kind: 'storage_full' });
        throw error;
      }
      if (navigator.onLine) delivery.watch(entryId);
      else outcomeRef.current({ kind: 'queued' });
    } finally {
      setQueueing(false);
    }
  }

  return {
    submit,
    isPending: queueing || delivery.isWatching,
    /** This device's reviews not yet accepted by the server (waiting, sending or refused). */
    unsent: delivery.entries.filter((e) => e.state !== 'sent'),
  };
}
