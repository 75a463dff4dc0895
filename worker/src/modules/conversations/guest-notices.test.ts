import { beforeAll, describe, expect, it } from 'vitest';
import { book, count, grantCookie, json } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * A reply the guest has not read (decision 088, amended): the thread's count of the desk's replies
 * for the chat button's badge, read without reading them, and the bell's notice for a guest with an
 * account, both cleared when the guest opens the chat; only the guest's own.
 */

type Message = { id: number; threadId: number };

let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

const say = (cookie: string, body: Record<string, unknown>) =>
  call('/api/messages', { method: 'POST', cookie, json: body });
const mine = (cookie: string, query = '') => call(`/api/messages${query}`, { cookie });
const reply = (threadId: number, body: Record<string, unknown>) =>
  call(`/api/admin/inbox/${threadId}/messages`, { method: 'POST', cookie: staff, json: body });

describe('a reply the guest has not read (the chat button’s badge, the bell)', () => {
  type Notice = { title: string; titleAr: string; message: string; type: string; isRead: boolean };
  const unread = async (cookie: string, query = '') => {
    const res = await call(`/api/messages/unread${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json<{ unread: number }>(res)).unread;
  };
  const bell = async (cookie: string) =>
    (await json<{ unread: number }>(await call('/api/notifications/mine/unread', { cookie }))).unread;

  it('counts the desk’s replies for the badge and the bell until the guest opens the chat', async () => {
    const guest = await signUp('Badge Guest');
    const { message } = await json<{ message: Message }>(
      await say(guest.cookie, { text: 'Is the pool open?' }),
    );
    expect(await unread(guest.cookie)).toBe(0);
    await reply(message.threadId, { text: 'Yes, until 10 pm.' });
    await reply(message.threadId, { text: 'Towels are at the pool.' });
    // A staff note is never the guest's.
    await reply(message.threadId, { text: 'VIP, be kind', internal: true });
    expect(await unread(guest.cookie)).toBe(2);
    expect(await bell(guest.cookie)).toBe(2);
    const notices = await json<{ items: Notice[] }>(
      await call('/api/notifications/mine', { cookie: guest.cookie }),
    );
    expect(notices.items.map((n) => [n.type, n.title, n.titleAr, n.message])).toEqual([
      ['conversation_reply', 'The front desk answered you', 'ردّ عليك الاستقبال', 'Towels are at the pool.'],
      ['conversation_reply', 'The front desk answered you', 'ردّ عليك الاستقبال', 'Yes, until 10 pm.'],
    ]);
    // Asking again reads nothing: the count stays until the chat is opened.
    expect(await unread(guest.cookie)).toBe(2);
    expect((await mine(guest.cookie)).status).toBe(200);
    expect(await unread(guest.cookie)).toBe(0);
    expect(await bell(guest.cookie)).toBe(0);
  });

  it('counts a booking link holder’s replies by the booking (no account: no bell), and no one else’s', async () => {
    const booking = await book({ fullName: 'Link Holder' });
    const cookie = await grantCookie(booking);
    const { message } = await json<{ message: Message }>(
      await say(cookie, { text: 'Late arrival', bookingId: booking.id }),
    );
    await reply(message.threadId, { text: 'Noted.' });
    expect(await unread(cookie, `?bookingId=${booking.id}`)).toBe(1);
    expect(
      await count(
        "select count(*) as n from notifications where type = 'conversation_reply' and message = 'Noted.'",
      ),
    ).toBe(0);
    // Someone else: their own count (none), never this thread's; the booking not theirs 404; signed out 401.
    const stranger = await signUp('Not The Holder');
    expect(await unread(stranger.cookie)).toBe(0);
    expect(
      (await call(`/api/messages/unread?bookingId=${booking.id}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await call('/api/messages/unread')).status).toBe(401);
    expect((await call('/api/messages/unread?bookingId=abc', { cookie })).status).toBe(400);
  });
});
