// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { db } from '@/offline/db';
import { type DeliveryOutcome, enqueueEntry, useEntryDelivery } from '@/offline/outbox';
import { runOutbox, type Transport } from '@/offline/sender';
import { toastQueue } from '../ui/toast-store';
import OutboxAnnouncements from './outbox-announcements';

/**
 * An entry or a review the outbox delivers later is announced once, in the language
 * the guest uses when it is delivered; not again after a reload, nor by a second tab.
 */

// The page's own sender (started by enqueueEntry) finds no network here.
vi.mock('@/offline/transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

/** The server: every upload and create accepted, or the creates refused with 409. */
function server(create: 'accept' | 'refuse'): Transport {
  return {
    upload: () => Promise.resolve({ status: 200, body: {} }),
    create: () =>
      Promise.resolve(
        create === 'accept'
          ? { status: 201, body: { id: 7 } }
          : {
              status: 409,
              body: { error: { code: 'already_participated', message: 'This phone already took part.' } },
            },
      ),
  };
}

const toasts = () =>
  added.mock.calls.map(([content]) => `${content.variant}: ${content.title} / ${content.description ?? ''}`);
let added: ReturnType<typeof spyOnAdd>;
const spyOnAdd = () => vi.spyOn(toastQueue, 'add');

const announcer = () =>
  render(
    <I18nProvider i18n={i18n}>
      <OutboxAnnouncements />
    </I18nProvider>,
  );

/** A review form watching the review it has just queued (as reviews/lib/use-submit-review.ts does). */
function ReviewForm({ entryId, onSettled }: { entryId: string; onSettled: (o: DeliveryOutcome) => void }) {
  const delivery = useEntryDelivery('review', { waitMs: 60_000, onSettled });
  const { watch } = delivery;
  useEffect(() => watch(entryId), []); // eslint-disable-line react-hooks/exhaustive-deps -- once
  return null;
}

/** The page's own first try (no network here) is over: the entries wait. */
async function pageTriedOnce() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Lets the live queries and the claim's transaction settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

beforeEach(async () => {
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  await db.outbox.clear();
  await db.outboxFiles.clear();
  toastQueue.clear();
  added = spyOnAdd();
});
afterEach(() => {
  cleanup();
  added.mockRestore();
});

describe('OutboxAnnouncements', () => {
  it('announces a photo entry and a review delivered later once each, in the language of the moment', async () => {
    await enqueueEntry({
      kind: 'photography',
      participantPhone: '91234567',
      files: [new Blob([new Uint8Array(100)], { type: 'image/jpeg' })],
    });
    await enqueueEntry({
      kind: 'review',
      review: { starRating: 5, name: null, overallReview: 'Lovely stay' },
      deviceId: 'device-1',
    });
    await pageTriedOnce();
    announcer();
    await settle();
    expect(toasts()).toEqual([]); // nothing delivered yet

    // Back online, the guest now reads Arabic.
    act(() => i18n.loadAndActivate({ locale: 'ar', messages: ar as never }));
    await runOutbox({ transport: server('accept'), force: true });
    await waitFor(() => expect(added).toHaveBeenCalledTimes(2));
    expect(toasts()).toEqual([
      'success: أُرسلت مشاركتك في مسابقة التصوير / بالتوفيق في السحب!',
      'success: أُرسل تقييمك / سيظهر بعد موافقة الفندق عليه.',
    ]);

    // A reload, and a second tab: told already.
    cleanup();
    announcer();
    announcer();
    await settle();
    expect(added).toHaveBeenCalledTimes(2);
    expect((await db.outbox.toArray()).every((e) => e.notifiedAt !== null)).toBe(true);
  });

  it('announces a guest’s order sent later once, naming the outlet in the language of the moment (decision 102)', async () => {
    await enqueueEntry({
      kind: 'order',
      id: crypto.randomUUID(),
      order: {
        stayId: 7,
        body: { outletId: 3, items: [{ itemId: 11, quantity: 2 }] },
        outletNameAr: 'مقهى الواحة',
        outletNameEn: 'Oasis Café',
      },
    });
    await pageTriedOnce();
    announcer();
    await settle();
    expect(toasts()).toEqual([]);
    act(() => i18n.loadAndActivate({ locale: 'ar', messages: ar as never }));
    await runOutbox({ transport: server('accept'), force: true });
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    expect(toasts()).toEqual(['success: أُرسل طلبك إلى مقهى الواحة / يُحسب على غرفتك حين يقبله المنفذ.']);
    cleanup();
    announcer();
    await settle();
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('announces a refusal once, with the server’s reason', async () => {
    await enqueueEntry({ kind: 'location_sharing', participantPhone: '91234567' });
    await pageTriedOnce();
    announcer();
    announcer(); // two tabs
    await runOutbox({ transport: server('refuse'), force: true });
    await waitFor(() => expect(added).toHaveBeenCalled());
    await settle();
    expect(toasts()).toEqual([
      'error: Your location sharing entry was not accepted / This phone already took part.',
    ]);
  });

  it('leaves to the form what the form tells itself, and tells what a closed form left', async () => {
    const review = { starRating: 4, name: null, overallReview: 'Nice' };
    const watched = await enqueueEntry({ kind: 'review', review, deviceId: 'device-1' });
    const left = await enqueueEntry({ kind: 'review', review, deviceId: 'device-1' });
    await pageTriedOnce();
    // As if still on their first try (the forms watch an entry from the moment it is queued).
    const fresh = {
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      sendingSince: null,
    } as const;
    await db.outbox.update(watched, fresh);
    await db.outbox.update(left, fresh);
    const settled: DeliveryOutcome[] = [];
    announcer();
    render(
      <I18nProvider i18n={i18n}>
        <ReviewForm entryId={watched} onSettled={(o) => settled.push(o)} />
      </I18nProvider>,
    );
    // Another form watched `left` and was closed before it was sent.
    const closed = render(
      <I18nProvider i18n={i18n}>
        <ReviewForm entryId={left} onSettled={(o) => settled.push(o)} />
      </I18nProvider>,
    );
    await settle();
    closed.unmount();
    await runOutbox({ transport: server('accept'), force: true });
    await waitFor(() => expect(settled).toEqual([{ kind: 'sent' }]));
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    await settle();
    expect(toasts()).toEqual([
      'success: Your review was sent / It will be shown once the hotel approves it.',
    ]);
    expect((await db.outbox.toArray()).every((e) => e.notifiedAt !== null)).toBe(true);
  });
});
