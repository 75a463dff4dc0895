// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { InboxScreen } from './inbox-screen';

/**
 * The staff inbox: the threads with their unread counts, the chosen thread's messages (a staff
 * note marked as never sent, the assistant's handover named), the guest's stay beside it; a reply
 * sent with its own key; a new message announced by the socket read at once; in Arabic and English.
 */

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
const sockets: FakeSocket[] = [];
let threads: unknown[];

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static CLOSED = 3;
  readyState = 0;
  readonly url: string;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
    sockets.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

const thread = (id: number, name: string, unread: number, preview: string) => ({
  id,
  guestName: name,
  phone: '+96891234567',
  linked: true,
  vip: id === 5,
  status: 'open',
  assignedTo: null,
  assignedName: null,
  lastMessageAt: '2026-11-27T09:00:00.000Z',
  lastChannel: 'app',
  lastPreview: preview,
  unread,
});

const detail = {
  thread: {
    id: 5,
    status: 'open',
    assignedTo: null,
    lastChannel: 'app',
    lastGuestMessageAt: '2026-11-27T09:00:00.000Z',
    unread: 0,
    linked: true,
    guest: { name: 'Mariam Al Said', phone: '+96891234567', email: null, vip: true, profileId: 3 },
  },
  messages: [
    {
      id: 1,
      threadId: 5,
      channel: 'app',
      direction: 'in',
      author: 'system',
      authorName: null,
      text: '👤 Pickup?',
      hasMedia: false,
      status: 'delivered',
      error: null,
      internal: false,
      bookingId: null,
      createdAt: '2026-11-27T08:59:00.000Z',
    },
    {
      id: 2,
      threadId: 5,
      channel: 'app',
      direction: 'in',
      author: 'guest',
      authorName: null,
      text: 'هل يوجد سرير أطفال؟',
      hasMedia: false,
      status: 'delivered',
      error: null,
      internal: false,
      bookingId: 9,
      createdAt: '2026-11-27T09:00:00.000Z',
    },
    {
      id: 3,
      threadId: 5,
      channel: 'app',
      direction: 'out',
      author: 'staff',
      authorName: 'Salma',
      text: 'Upsell the suite',
      hasMedia: false,
      status: 'sent',
      error: null,
      internal: true,
      bookingId: null,
      createdAt: '2026-11-27T09:01:00.000Z',
    },
  ],
  hasMore: false,
  stays: [
    {
      id: 9,
      reference: 'K7MQ4PX',
      checkIn: '2026-11-27',
      checkOut: '2026-11-29',
      roomType: 'gold',
      room: '204',
      status: 'confirmed',
      balanceBaisa: 25500,
      requests: 'High floor',
      openRequests: 1,
      adults: 2,
      children: 1,
      inHouse: true,
    },
  ],
};

beforeEach(() => {
  calls = [];
  sockets.length = 0;
  threads = [thread(5, 'Mariam Al Said', 2, 'هل يوجد سرير أطفال؟'), thread(6, 'Salim', 0, 'Thanks')];
  window.history.pushState({}, '', '/admin/inbox?thread=5');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (method === 'POST')
      return Response.json({ message: { ...detail.messages[1], id: 4, direction: 'out' } }, { status: 201 });
    if (method === 'PATCH')
      return Response.json({ thread: { id: 5, status: 'open', assignedTo: 1, unread: 0 } });
    if (url.includes('saved-replies')) return Response.json({ replies: [] });
    if (/\/api\/admin\/inbox\/5/.test(url)) return Response.json(detail);
    return Response.json({ threads, unreadThreads: 1, next: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, fullName: 'Salma', email: 's@example.com', role: 'staff' });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <InboxScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the staff inbox', () => {
  it('lists the open threads with their unread counts, and the thread with the stay beside it (English)', async () => {
    show('en');
    const list = await screen.findByTestId('inbox-threads');
    await within(list).findByText('Salim');
    expect(
      within(list)
        .getAllByTestId('thread-unread')
        .map((b) => b.textContent),
    ).toEqual(['Unread: 2']);
    expect(calls.some((c) => c.url.includes('/api/admin/inbox?filter=open'))).toBe(true);
    const pane = await screen.findByTestId('inbox-thread-pane');
    expect(within(pane).getByText('هل يوجد سرير أطفال؟')).toBeTruthy();
    expect(within(pane).getByText("The assistant's conversation, handed over")).toBeTruthy();
    expect(within(pane).getByText('Staff note by Salma: never sent')).toBeTruthy();
    const stay = within(screen.getByTestId('inbox-stay-panel'));
    expect(stay.getByText('In house')).toBeTruthy();
    expect(stay.getByText(/Balance: /).textContent).toContain('25.500');
    expect(stay.getByText('High floor')).toBeTruthy();
    expect(stay.getByText(/Open requests/)).toBeTruthy();
  });

  it('sends a reply with its own key, and reads the list again when the socket announces a message (Arabic)', async () => {
    show('ar');
    await screen.findByTestId('inbox-thread-pane');
    expect(screen.getByRole('heading', { name: 'صندوق الرسائل' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('inbox-reply-input'), { target: { value: 'نعم، سنجهزه' } });
    fireEvent.click(screen.getByTestId('inbox-send'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining('/api/admin/inbox/5/messages'),
      body: { text: 'نعم، سنجهزه' },
    });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    expect(sockets[0]!.url).toContain('/api/live?as=staff');
    const before = calls.filter((c) => c.url.includes('filter=open')).length;
    threads = [thread(7, 'New Guest', 1, 'مرحبا'), ...threads];
    act(() => {
      sockets[0]!.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'message', threadId: 7, messageId: 9, direction: 'in' }),
        }),
      );
    });
    expect(await screen.findByText('New Guest')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('filter=open')).length).toBeGreaterThan(before);
  });
});
