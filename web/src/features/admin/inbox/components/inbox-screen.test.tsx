// @vitest-environment jsdom
import { templateFields } from '@shared/whatsapp';
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
    whatsapp: {
      phone: true,
      windowOpen: false,
      windowUntil: null as string | null,
      consent: 'opted_in' as 'opted_in' | 'not_opted_in' | 'opted_out' | null,
    },
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

/** The hotel's WhatsApp templates as GET /api/admin/whatsapp/templates answers them. */
const template = (
  name: string,
  language: string,
  body: string,
  status = 'APPROVED',
  parameterFormat: 'POSITIONAL' | 'NAMED' = 'POSITIONAL',
) => {
  const components = [{ type: 'BODY', text: body }];
  const fields = templateFields(components, parameterFormat);
  return {
    id: `${name}-${language}`,
    name,
    language,
    appLanguage: language.slice(0, 2),
    category: 'UTILITY',
    body,
    header: null,
    footer: null,
    buttons: [],
    parameterFormat,
    parameterCount: fields.length,
    fields,
    status,
    purpose: null,
    refreshedAt: '2026-11-27T08:00:00.000Z',
  };
};
const templates = [
  template('stay_invoice', 'ar', 'شكراً لإقامتك معنا يا {{1}}. فاتورتك: {{2}}'),
  template('stay_invoice', 'en', 'Thank you for staying with us, {{1}}. Your invoice: {{2}}'),
  template('review_request', 'en', 'Hello {{1}}, we would love to hear about your stay: {{2}}'),
  template('seasonal_offer', 'en', 'A special offer for our guests: {{1}}', 'PENDING'),
  template(
    'late_checkout',
    'en_GB',
    'Hello {{guest_name}}, your room {{room_number}} is yours until 2 pm today.',
    'APPROVED',
    'NAMED',
  ),
];
/** The thread as the test wants it (a WhatsApp thread's window open or closed). */
let threadDetail: typeof detail;
/** How the server answers a text reply (a 409 window_closed when the window closed meanwhile). */
let textReply: () => Response;

beforeEach(() => {
  threadDetail = detail;
  textReply = () =>
    Response.json({ message: { ...detail.messages[1], id: 4, direction: 'out' } }, { status: 201 });
  calls = [];
  sockets.length = 0;
  threads = [thread(5, 'Mariam Al Said', 2, 'هل يوجد سرير أطفال؟'), thread(6, 'Salim', 0, 'Thanks')];
  window.history.pushState({}, '', '/admin/inbox?thread=5');
  vi.stubGlobal('WebSocket', FakeSocket);
  // jsdom has no CSS.escape, which react-aria's list box reads (the template list).
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    if (method === 'POST' && body && 'text' in body) return textReply();
    if (method === 'POST')
      return Response.json({ message: { ...detail.messages[1], id: 4, direction: 'out' } }, { status: 201 });
    if (url.includes('/api/admin/whatsapp/templates')) return Response.json({ provider: 'fake', templates });
    if (method === 'PATCH')
      return Response.json({ thread: { id: 5, status: 'open', assignedTo: 1, unread: 0 } });
    if (url.includes('saved-replies')) return Response.json({ replies: [] });
    if (/\/api\/admin\/inbox\/5/.test(url)) return Response.json(threadDetail);
    return Response.json({ threads, unreadThreads: 1, next: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens the template list once the templates are read (the list is disabled before). */
async function openTemplates(picker: HTMLElement) {
  const button = within(within(picker).getByTestId('template-select')).getByRole('button');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

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

  it('a WhatsApp thread past its window offers the approved templates: Arabic by default, fields filled into the body, sent as a template (Arabic)', async () => {
    threadDetail = { ...detail, thread: { ...detail.thread, lastChannel: 'whatsapp' } };
    show('ar');
    const picker = await screen.findByTestId('template-picker');
    expect(within(picker).getByText(/لا يمكن إرسال إلا قالب معتمد/)).toBeTruthy();
    expect(within(picker).getByRole('radio', { name: 'العربية' })).toHaveProperty('checked', true);
    await openTemplates(picker);
    // Only what is approved in Arabic: the invoice's template (its English twin and others are not offered).
    // Offered by its words, its fields named in the staff's language (not `stay_invoice`, "Field 1").
    const invoice = 'شكراً لإقامتك معنا يا [الاسم الأول للضيف]. فاتورتك: [رابط الفاتورة]';
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([invoice]);
    fireEvent.click(screen.getByRole('option', { name: invoice }));
    const send = within(picker).getByTestId('template-send');
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(picker).getByRole('textbox', { name: /الاسم الأول للضيف/ }), {
      target: { value: 'مريم' },
    });
    fireEvent.change(within(picker).getByRole('textbox', { name: /رابط الفاتورة/ }), {
      target: { value: 'https://hotel.example/i/9' },
    });
    expect(within(picker).getByTestId('template-preview').textContent).toBe(
      'شكراً لإقامتك معنا يا مريم. فاتورتك: https://hotel.example/i/9',
    );
    fireEvent.click(send);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining('/api/admin/inbox/5/messages'),
      body: { template: 'stay_invoice', language: 'ar', parameters: ['مريم', 'https://hotel.example/i/9'] },
    });
  });

  it('a text reply refused with 409 window_closed brings the templates; English ones in English, the other language a tap away (English)', async () => {
    threadDetail = {
      ...detail,
      thread: {
        ...detail.thread,
        lastChannel: 'whatsapp',
        whatsapp: {
          phone: true,
          windowOpen: true,
          windowUntil: '2026-11-28T09:00:00.000Z',
          consent: 'opted_in' as const,
        },
      },
    };
    textReply = () =>
      Response.json(
        { error: { code: 'window_closed', message: 'Only an approved template can be sent.', templates } },
        { status: 409 },
      );
    show('en');
    await screen.findByTestId('inbox-thread-pane');
    // The window is open as far as the thread knew: no templates yet.
    expect(screen.queryByTestId('template-picker')).toBeNull();
    fireEvent.change(screen.getByTestId('inbox-reply-input'), { target: { value: 'Sorry for the delay' } });
    fireEvent.click(screen.getByTestId('inbox-send'));
    const picker = await screen.findByTestId('template-picker');
    expect(within(picker).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    await openTemplates(picker);
    // Approved in English only (one authored in en_GB among them): the pending offer is not offered.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      "Thank you for staying with us, [Guest's first name]. Your invoice: [Invoice link]",
      "Hello [Guest's first name], we would love to hear about your stay: [Review link]",
      "Hello [Guest's first name], your room [room number] is yours until 2 pm today.",
    ]);
    fireEvent.click(screen.getByRole('option', { name: /we would love to hear/ }));
    fireEvent.change(within(picker).getByRole('textbox', { name: /Guest's first name/ }), {
      target: { value: 'Mariam' },
    });
    expect(within(picker).getByTestId('template-preview').textContent).toBe(
      'Hello Mariam, we would love to hear about your stay: [Review link]',
    );
    fireEvent.change(within(picker).getByRole('textbox', { name: /Review link/ }), {
      target: { value: 'https://hotel.example/reviews' },
    });
    fireEvent.click(within(picker).getByTestId('template-send'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({
      template: 'review_request',
      language: 'en',
      parameters: ['Mariam', 'https://hotel.example/reviews'],
    });
    // The guest's own language is a tap away: the Arabic templates, the choice made again.
    fireEvent.click(within(picker).getByRole('radio', { name: 'العربية' }));
    await openTemplates(picker);
    // The guest's words, the fields named in the staff's language.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      "شكراً لإقامتك معنا يا [Guest's first name]. فاتورتك: [Invoice link]",
    ]);
  });

  it.each([
    ['en', 'not_opted_in', /never agreed to receive the hotel's messages on WhatsApp/],
    ['ar', 'not_opted_in', /لم يوافق/],
    ['en', 'opted_out', /asked the hotel to stop/],
  ] as const)(
    'a guest who did not opt in gets no template: why is said before anything is typed (%s, %s)',
    async (language, consent, reason) => {
      threadDetail = {
        ...detail,
        thread: {
          ...detail.thread,
          lastChannel: 'whatsapp',
          whatsapp: { ...detail.thread.whatsapp, consent },
        },
      };
      show(language);
      const note = await screen.findByTestId('template-not-opted-in');
      expect(note.textContent).toMatch(reason);
      expect(screen.queryByTestId('template-picker')).toBeNull();
      expect(screen.queryByTestId('template-send')).toBeNull();
      // Not even the templates are asked for.
      expect(calls.some((c) => c.url.includes('/api/admin/whatsapp/templates'))).toBe(false);
    },
  );
});

describe('a WhatsApp thread’s kinds', () => {
  const wa = (id: number, kind: string, over: Record<string, unknown> = {}) => ({
    id,
    threadId: 5,
    channel: 'whatsapp',
    direction: 'in',
    author: 'guest',
    authorName: null,
    kind,
    text: '',
    hasMedia: false,
    media: null,
    details: null,
    reactsTo: null,
    status: 'delivered',
    error: null,
    internal: false,
    bookingId: null,
    createdAt: '2026-11-27T09:00:00.000Z',
    ...over,
  });
  const stored = (type: string) => ({ hasMedia: true, media: { type, state: 'stored' } });
  const messages = [
    {
      ...wa(10, 'text', {
        direction: 'out',
        author: 'staff',
        authorName: 'Salma',
        text: 'Your room is ready.',
      }),
      status: 'read',
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
      details: { contacts: [{ name: 'Aisha', phones: ['+968 9123 4567'], emails: ['a@example.com'] }] },
    }),
    wa(18, 'button', { text: 'Confirm arrival', details: { payload: 'confirm' } }),
    wa(19, 'interactive', {
      text: 'Late check-out',
      details: { type: 'list_reply', description: 'Until 14:00' },
    }),
    wa(20, 'reaction', { text: '👍', details: { emoji: '👍', reactsTo: 'wamid.X' }, reactsTo: 10 }),
    wa(21, 'unsupported', { details: { type: 'poll_creation' } }),
    wa(22, 'image', { media: { type: 'image/jpeg', state: 'pending' } }),
    wa(23, 'video', { media: { type: 'video/mp4', state: 'failed' }, details: { mediaError: 'gone' } }),
  ];

  it('plays, shows and links each kind, and puts a reaction on its message (English)', async () => {
    threadDetail = { ...detail, thread: { ...detail.thread, lastChannel: 'whatsapp' }, messages } as never;
    show('en');
    const pane = await screen.findByTestId('inbox-thread-pane');
    const media = (id: number) => `/api/admin/inbox/5/messages/${id}/media`;
    expect(within(pane).getByTestId('message-image').getAttribute('src')).toBe(media(11));
    expect(within(pane).getByRole('img', { name: 'الإطلالة' })).toBeTruthy();
    expect(within(pane).getByText('Voice note')).toBeTruthy();
    expect(within(pane).getByTestId('message-audio').getAttribute('src')).toBe(media(12));
    expect(within(pane).getByTestId('message-video').getAttribute('src')).toBe(media(13));
    const document = within(pane).getByTestId('message-document');
    expect(document.getAttribute('href')).toBe(media(14));
    expect(document.getAttribute('download')).toBe('جواز.pdf');
    expect(within(pane).getByRole('img', { name: 'A sticker' }).getAttribute('src')).toBe(media(15));
    expect(within(pane).getByRole('link', { name: 'Open on the map' }).getAttribute('href')).toContain(
      'mlat=23.588&mlon=58.3829',
    );
    expect(within(pane).getByRole('link', { name: '+968 9123 4567' }).getAttribute('href')).toBe(
      'tel:+96891234567',
    );
    expect(within(pane).getByText('Tapped a button')).toBeTruthy();
    expect(within(pane).getByText('Chose a reply')).toBeTruthy();
    expect(within(pane).getByText('Until 14:00')).toBeTruthy();
    // The reaction sits on the hotel's message, not as a message of its own.
    expect(within(pane).getByLabelText('The guest reacted: 👍')).toBeTruthy();
    expect(within(pane).queryByTestId('message-reaction')).toBeNull();
    expect(within(pane).getByTestId('message-unsupported').textContent).toContain('poll_creation');
    expect(within(pane).getByText('The attachment is on its way…')).toBeTruthy();
    expect(within(pane).getByText('The attachment could not be fetched from WhatsApp.')).toBeTruthy();
    expect(
      within(pane)
        .getAllByTestId('inbox-message')
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
      'unsupported',
      'image',
      'video',
    ]);
  });

  it('says the same in Arabic', async () => {
    threadDetail = { ...detail, thread: { ...detail.thread, lastChannel: 'whatsapp' }, messages } as never;
    show('ar');
    const pane = await screen.findByTestId('inbox-thread-pane');
    expect(within(pane).getByText('رسالة صوتية')).toBeTruthy();
    expect(within(pane).getByRole('link', { name: 'افتح على الخريطة' })).toBeTruthy();
    expect(within(pane).getByText('ضغطة زر')).toBeTruthy();
    expect(within(pane).getByLabelText('تفاعل الضيف: 👍')).toBeTruthy();
    expect(within(pane).getByText('جارٍ جلب المرفق…')).toBeTruthy();
  });
});
