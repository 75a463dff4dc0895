// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { db } from '@/offline/db';
import { enqueueEntry } from '@/offline/outbox';
import { runOutbox, type Transport } from '@/offline/sender';
import { toastQueue } from '../ui/toast-store';
import OutboxAnnouncements from './outbox-announcements';

/**
 * Issue 28: an entry or a review the outbox delivers later is announced once, in the language
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
});
