// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

function show(language: 'ar' | 'en' = 'ar', bookingId: number | null = 7) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <GuestChat bookingId={bookingId} />
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

describe("the guest's chat with what they sent on WhatsApp", () => {
  // An account that proved its phone reads what it sent on WhatsApp here too, of every kind.
  const wa = (id: number, kind: string, over: Record<string, unknown> = {}) => ({
    ...message(id, '', 'in'),
    channel: 'whatsapp',
    kind,
    media: null,
    details: null,
    reactsTo: null,
    bookingId: null,
    ...over,
  });
  const stored = (type: string) => ({ hasMedia: true, media: { type, state: 'stored' } });
  const kinds = [
    {
      ...message(10, 'Your room is ready.', 'out', 'Salma'),
      channel: 'whatsapp',
      kind: 'text',
      reactsTo: null,
    },
    wa(11, 'image', { text: 'الإطلالة', ...stored('image/jpeg') }),
    wa(12, 'audio', { ...stored('audio/ogg; codecs=opus'), details: { voice: true } }),
    wa(13, 'video', { ...stored('video/mp4') }),
    wa(14, 'document', { text: 'passport', ...stored('application/pdf'), details: { filename: 'جواز.pdf' } }),
    wa(15, 'sticker', { ...stored('image/webp') }),
    wa(16, 'location', {
      text: 'Muttrah\nCorniche',
      details: { latitude: 23.588, longitude: 58.3829, name: 'Muttrah', address: 'Corniche' },
    }),
    wa(17, 'contacts', {
      text: 'Aisha',
      details: { contacts: [{ name: 'Aisha', phones: ['+968 9123 4567'], emails: [] }] },
    }),
    wa(18, 'button', { text: 'Confirm arrival', details: { payload: 'confirm' } }),
    wa(19, 'interactive', {
      text: 'Late check-out',
      details: { type: 'list_reply', description: 'Until 14:00' },
    }),
    wa(20, 'reaction', { text: '👍', details: { emoji: '👍', reactsTo: 'wamid.X' }, reactsTo: 10 }),
    wa(21, 'reaction', { text: '', details: { emoji: '❤️', reactsTo: 'wamid.gone' } }),
    wa(22, 'unsupported', { details: { type: 'poll_creation' } }),
    wa(23, 'system', { text: '' }),
    wa(24, 'image', { media: { type: 'image/jpeg', state: 'pending' } }),
    wa(25, 'video', { media: { type: 'video/mp4', state: 'failed' }, details: { mediaError: 'gone' } }),
  ];

  it('shows, plays and links each kind from the guest’s own media route, a reaction on its message (English)', async () => {
    thread = { threadId: 1, messages: kinds, hasMore: false };
    show('en', null);
    const list = await screen.findByRole('list', { name: 'Conversation with the front desk' });
    const media = (id: number) => `/api/messages/${id}/media`;
    expect((await within(list).findByRole('img', { name: 'الإطلالة' })).getAttribute('src')).toBe(media(11));
    expect(within(list).getByText('Voice note')).toBeTruthy();
    expect(within(list).getByLabelText('Your voice note').getAttribute('src')).toBe(media(12));
    expect(within(list).getByLabelText('Your video').getAttribute('src')).toBe(media(13));
    const document = within(list).getByTestId('chat-document');
    expect(document.getAttribute('href')).toBe(media(14));
    expect(document.getAttribute('download')).toBe('جواز.pdf');
    expect(within(list).getByRole('img', { name: 'Your sticker' }).getAttribute('src')).toBe(media(15));
    expect(within(list).getByText('A location you shared')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open on the map' }).getAttribute('href')).toContain(
      'mlat=23.588&mlon=58.3829',
    );
    // A card's number as typed, isolated left to right.
    const number = within(list).getByRole('link', { name: '+968 9123 4567' });
    expect(number.getAttribute('href')).toBe('tel:+96891234567');
    expect(number.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(list).getByText('You tapped a button')).toBeTruthy();
    expect(within(list).getByText('You chose a reply')).toBeTruthy();
    expect(within(list).getByText('Until 14:00')).toBeTruthy();
    // The reaction sits on the desk's message; one on a message not on the page says so in words.
    const reply = within(list).getByTestId('chat-staff-message');
    expect(within(reply).getByLabelText('You reacted: 👍')).toBeTruthy();
    expect(within(list).getByTestId('chat-reaction').textContent).toBe('You reacted ❤️ to a message');
    expect(within(list).getByTestId('chat-unsupported').textContent).toContain(
      'WhatsApp does not pass on, so the front desk cannot see it',
    );
    expect(within(list).getByText('WhatsApp notice')).toBeTruthy();
    expect(within(list).getByText('Your attachment is on its way…')).toBeTruthy();
    expect(
      within(list).getByText('This attachment did not reach the hotel from WhatsApp. Please send it again.'),
    ).toBeTruthy();
    expect(within(list).getAllByText('on WhatsApp')).toHaveLength(15);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-kind')),
    ).toEqual([
      'text',
      'image',
      'audio',
      'video',
      'document',
      'sticker',
      'location',
      'contacts',
      'button',
      'interactive',
      'reaction',
      'unsupported',
      'system',
      'image',
      'video',
    ]);
  });

  it('says the same in Arabic, and asks for media with the booking from the booking’s page', async () => {
    thread = { threadId: 1, messages: kinds, hasMore: false };
    show('ar', 7);
    const list = await screen.findByRole('list', { name: 'المحادثة مع الاستقبال' });
    expect((await within(list).findByRole('img', { name: 'الإطلالة' })).getAttribute('src')).toBe(
      '/api/messages/11/media?bookingId=7',
    );
    expect(within(list).getByText('رسالة صوتية')).toBeTruthy();
    expect(within(list).getByLabelText('رسالتك الصوتية')).toBeTruthy();
    expect(within(list).getByText('موقع شاركته')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'افتح على الخريطة' })).toBeTruthy();
    expect(within(list).getByText('ضغطت زراً')).toBeTruthy();
    expect(within(list).getByLabelText('تفاعلك: 👍')).toBeTruthy();
    expect(within(list).getByTestId('chat-unsupported').textContent).toContain('لا ينقله واتساب');
    expect(within(list).getByText('مرفقك في الطريق…')).toBeTruthy();
    expect(within(list).getAllByText('عبر واتساب')).toHaveLength(15);
  });
});
