// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { GuestChat } from './guest-chat';

/**
 * The guest's chat: the thread in the guest's language, a staff reply arriving through the live
 * socket read at once, a message written offline kept on the device and sent once, with its own
 * Idempotency-Key, when the device is back online, and a refusal said in the server's words.
 */

type Call = { method: string; url: string; key: string | null; body: unknown };
let calls: Call[] = [];
let thread: { threadId: number | null; messages: unknown[]; hasMore: boolean };
let postAnswer: () => Response;
const sockets: FakeSocket[] = [];

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
  emit(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

const message = (id: number, text: string, direction: 'in' | 'out', authorName: string | null = null) => ({
  id,
  threadId: 1,
  channel: 'app',
  direction,
  author: direction === 'in' ? 'guest' : 'staff',
  authorName,
  text,
  hasMedia: false,
  status: 'sent',
  error: null,
  internal: false,
  bookingId: 7,
  createdAt: '2026-11-27T09:00:00.000Z',
});

let online = true;
beforeEach(() => {
  calls = [];
  sockets.length = 0;
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  thread = { threadId: 1, messages: [message(1, 'هل يمكن تأخير المغادرة؟', 'in')], hasMore: false };
  postAnswer = () => Response.json({ message: message(2, 'x', 'in') }, { status: 201 });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url: String(input),
      key: new Headers(init?.headers).get('idempotency-key'),
      body: method === 'POST' ? JSON.parse(String(init?.body)) : null,
    });
    if (method === 'POST') return postAnswer();
    return Response.json(thread);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(language: 'ar' | 'en' = 'ar') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <GuestChat bookingId={7} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const posts = () => calls.filter((c) => c.method === 'POST');
const type = (text: string) => {
  fireEvent.change(screen.getByTestId('guest-chat-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('guest-chat-send'));
};

describe("the guest's chat", () => {
  it('shows the thread in Arabic, and a staff reply the socket announces', async () => {
    show('ar');
    expect(await screen.findByText('هل يمكن تأخير المغادرة؟')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'المحادثة مع الاستقبال' })).toBeTruthy();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.url).toContain('/api/live?bookingId=7');
    thread = { ...thread, messages: [...thread.messages, message(2, 'نعم، حتى الساعة ٢', 'out', 'Salma')] };
    act(() => sockets[0]!.emit({ type: 'message', threadId: 1, messageId: 2, direction: 'out' }));
    expect(await screen.findByText('نعم، حتى الساعة ٢')).toBeTruthy();
    expect(screen.getByTestId('chat-staff-message').textContent).toContain('Salma');
  });

  it('sends a message with its own Idempotency-Key and the booking', async () => {
    show('en');
    await screen.findByText('هل يمكن تأخير المغادرة؟');
    type('Can I have a cot?');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ body: { text: 'Can I have a cot?', bookingId: 7 } });
    expect(posts()[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(localStorage.getItem('conversations.pending')).toBeNull());
  });

  it('offline, keeps the message on the device and sends it once when back online', async () => {
    show('en');
    await screen.findByText('هل يمكن تأخير المغادرة؟');
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    type('Written in the lift');
    expect(await screen.findByText('Not sent yet: it goes when you are back online')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    const kept = JSON.parse(localStorage.getItem('conversations.pending')!) as { key: string }[];
    expect(kept).toHaveLength(1);
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.key).toBe(kept[0]!.key);
    await waitFor(() => expect(localStorage.getItem('conversations.pending')).toBeNull());
    // Back online again changes nothing: it was sent once.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 30));
    expect(posts()).toHaveLength(1);
  });

  it('a refusal is said in the server’s words and not tried again', async () => {
    postAnswer = () =>
      Response.json(
        { error: { code: 'message_text_too_long', message: 'الرسالة طويلة جدًا' } },
        { status: 400 },
      );
    show('ar');
    await screen.findByText('هل يمكن تأخير المغادرة؟');
    type('x');
    expect((await screen.findByRole('alert')).textContent).toBe('الرسالة طويلة جدًا');
    expect(localStorage.getItem('conversations.pending')).toBeNull();
  });
});
