// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { db, type OutboxEntry } from '@/offline/db';
import { OutboxList } from './outbox-list';

vi.mock('@/offline/transport-xhr', () => ({
  xhrTransport: { upload: () => new Promise(() => {}), create: () => new Promise(() => {}) },
}));

const base: Omit<OutboxEntry, 'id' | 'state'> = {
  kind: 'photography',
  payload: { participantPhone: '91234567' },
  lang: 'en',
  attempts: 0,
  nextAttemptAt: 0,
  sendingSince: null,
  lastError: null,
  createdAt: Date.UTC(2026, 10, 21, 8),
  sentAt: null,
  serverResult: null,
};

function file(entryId: string, position: number, uploaded: boolean) {
  return {
    id: `${entryId}-f${position}`,
    entryId,
    position,
    blob: new Blob([new Uint8Array(1000)], { type: 'image/jpeg' }),
    size: 1000,
    type: 'image/jpeg',
    uploadedAt: uploaded ? 1 : null,
    bytesSent: uploaded ? 1000 : 0,
  };
}

beforeEach(async () => {
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  await db.outbox.clear();
  await db.outboxFiles.clear();
});
afterEach(cleanup);

const renderList = (kind?: OutboxEntry['kind']) =>
  render(
    <I18nProvider i18n={i18n}>
      <OutboxList kind={kind} />
    </I18nProvider>,
  );

describe('OutboxList', () => {
  it('shows each state: progress while sending, the server reason when refused, Remove only when done', async () => {
    await db.outbox.bulkAdd([
      { ...base, id: 'a', state: 'sending', createdAt: base.createdAt + 3 },
      {
        ...base,
        id: 'b',
        state: 'refused',
        createdAt: base.createdAt + 2,
        lastError: { status: 409, code: 'already_participated', message: 'You have already participated' },
      },
      { ...base, id: 'c', state: 'sent', createdAt: base.createdAt + 1, sentAt: base.createdAt + 5 },
      {
        ...base,
        id: 'd',
        state: 'waiting',
        kind: 'location_sharing',
        lastError: { status: 0, code: 'network', message: '' },
      },
    ]);
    await db.outboxFiles.bulkAdd([file('a', 0, true), file('a', 1, true), file('a', 2, false)]);
    renderList();

    const rows = await screen.findAllByTestId('outbox-entry');
    expect(rows.map((r) => r.dataset.state)).toEqual(['sending', 'refused', 'sent', 'waiting']);
    const bar = within(rows[0]!).getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 3 photos, 66%');
    expect(within(rows[1]!).getByRole('alert').textContent).toBe('You have already participated');
    expect(within(rows[3]!).getByText(/No connection/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove: Photography contest entry' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-entry')).toHaveLength(3));
    expect(await db.outbox.get('b')).toBeUndefined();
  });

  it('with a kind, lists only that event and renders nothing when it has none', async () => {
    await db.outbox.add({ ...base, id: 'x', state: 'waiting', kind: 'location_sharing' });
    const { container } = renderList('photography');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(container.textContent).toBe('');
    cleanup();
    renderList('location_sharing');
    expect(await screen.findByText('Location sharing entry')).toBeTruthy();
  });
});
