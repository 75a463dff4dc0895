import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OutboxError } from '@/offline/db';
import { enqueueEntry, StorageFullError, useOutboxEntries } from '@/offline/outbox';
import { reviewKeys } from '../api/review-keys';
import { reviewDeviceId } from './device-id';

/**
 * How a review is sent (DESIGN.md "Events, uploads and the offline outbox"): it is queued in
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
  const entries = useOutboxEntries('review');
  const [watch, setWatch] = useState<{ entryId: string; startedAt: number } | null>(null);
  const [queueing, setQueueing] = useState(false);
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  });
  const watched = watch ? entries.find((e) => e.id === watch.entryId) : undefined;

  useEffect(() => {
    if (!watch || !watched) return;
    const finish = (outcome: ReviewOutcome) => {
      setWatch(null);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      outcomeRef.current(outcome);
    };
    if (watched.state === 'sent') return finish({ kind: 'sent' });
    if (watched.state === 'refused') {
      return finish({
        kind: 'refused',
        error: watched.lastError ?? { status: 0, code: 'refused', message: '' },
      });
    }
    if (watched.attempts > 0 || !navigator.onLine) return finish({ kind: 'queued' });
    const timer = window.setTimeout(
      () => finish({ kind: 'queued' }),
      Math.max(watch.startedAt + SEND_WAIT_MS - Date.now(), 0),
    );
    return () => window.clearTimeout(timer);
  }, [watch, watched, queryClient]);

  async function submit(review: ReviewDraft) {
    if (queueing || watch) return;
    setQueueing(true);
    try {
      let entryId: string;
      try {
        entryId = await enqueueEntry({ kind: 'review', review, deviceId: reviewDeviceId() });
      } catch (error) {
        if (error instanceof StorageFullError) return outcomeRef.current({ kind: 'storage_full' });
        throw error;
      }
      if (navigator.onLine) setWatch({ entryId, startedAt: Date.now() });
      else outcomeRef.current({ kind: 'queued' });
    } finally {
      setQueueing(false);
    }
  }

  return {
    submit,
    isPending: queueing || watch !== null,
    /** This device's reviews not yet accepted by the server (waiting, sending or refused). */
    unsent: entries.filter((e) => e.state !== 'sent'),
  };
}
