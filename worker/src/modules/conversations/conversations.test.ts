import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import {
  appendInboundStatements,
  deliveryStatusStatement,
  messageSentStatement,
  registerChannelSender,
} from '.';
import { channelSender, unregisterChannelSender } from './senders';
import { book, count, grantCookie, json, one } from '@worker-test/builders';
import { call, logIn, signUp, uniqueEmail } from '@worker-test/helpers';
import type { Db } from '../../platform/env';

/**
 * Conversations (decision 088): the guest's own thread only, the staff inbox for the front desk,
 * managers and admins (housekeepers 403), bad input refused in the guest's language, the offline
 * queue's retry stored once, the unread counts in the message's batch, the delivery status only
 * forwards, a WhatsApp reply refused without a sender, the thread linked to a profile, saved
 * replies, the reads that do not grow with history, and the hotel's Durable Object delivering to a
 * connected WebSocket within 2 seconds.
 */

type Message = {
  id: number;
  threadId: number;
  text: string;
  author: string;
  direction: string;
  internal: boolean;
  status: string;
};
type Thread = {
  id: number;
  unread: number;
  guestName: string | null;
  status: string;
  assignedTo: number | null;
  lastChannel: string;
};

const db = (): Db => drizzle(env.DB) as unknown as Db;
let staff = '';
let staffId = 0;
let housekeeper = '';
let manager = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  housekeeper = (await logIn('housekeeper@example.com', 'change-me-housekeeper')).cookie;
  manager = (await logIn('manager@example.com', 'change-me-manager')).cookie;
  staffId = (await one<{ id: number }>("select id from users where email = 'staff@example.com'"))!.id;
});

const say = (
  cookie: string | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  lang?: 'ar' | 'en',
) => call('/api/messages', { method: 'POST', cookie, json: body, headers, lang });
const mine = (cookie: string, query = '') => call(`/api/messages${query}`, { cookie });
const inbox = (cookie: string, query = '') => call(`/api/admin/inbox${query}`, { cookie });
const reply = (threadId: number, body: Record<string, unknown>, cookie = staff) =>
  call(`/api/admin/inbox/${threadId}/messages`, { method: 'POST', cookie, json: body });
const unreadOf = async (threadId: number) =>
  (await one<{ u: number }>('select unread_staff as u from conversation_threads where id = ?', threadId))!.u;

describe("the guest's chat", () => {
  it('writes to the desk and reads only their own thread', async () => {
    const aisha = await signUp('Aisha Al Balushi');
    const res = await say(aisha.cookie, { text: 'هل يمكن تأخير المغادرة إلى الساعة ٢؟' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { message } = await json<{ message: Message }>(res);
    expect(message).toMatchObject({
      text: 'هل يمكن تأخير المغادرة إلى الساعة ٢؟',
      author: 'guest',
      direction: 'in',
    });
    expect(message.id).toBeGreaterThan(0);

    const other = await signUp('Salim Al Harthy');
    const theirs = await json<{ threadId: number | null; messages: Message[] }>(await mine(other.cookie));
    expect(theirs).toMatchObject({ threadId: null, messages: [] });
    const own = await json<{ threadId: number; messages: Message[] }>(await mine(aisha.cookie));
    expect(own.threadId).toBe(message.threadId);
    expect(own.messages.map((m) => m.text)).toEqual(['هل يمكن تأخير المغادرة إلى الساعة ٢؟']);

    // The staff's unread count moved in the message's batch.
    expect(await unreadOf(message.threadId)).toBe(1);
    // And staff hear of it by push (the outbox row, when a staff device subscribed) — the event is queued by kind.
  });

  it('refuses the signed-out, another guest’s booking and bad input, in the guest’s language', async () => {
    expect((await say(undefined, { text: 'hello' })).status).toBe(401);
    const owner = await signUp('Booking Owner');
    const booking = await book({}, { cookie: owner.cookie });
    const stranger = await signUp('Stranger');
    const res = await say(stranger.cookie, { text: 'hello', bookingId: booking.id });
    expect(res.status).toBe(404);
    expect((await mine(stranger.cookie, `?bookingId=${booking.id}`)).status).toBe(404);

    const empty = await say(owner.cookie, { text: '   ' }, {}, 'ar');
    expect(empty.status).toBe(400);
    const body = await json<{ error: { code: string; message: string } }>(empty);
    expect(body.error.message).toMatch(/[\u0600-\u06FF]/);
    const long = await say(owner.cookie, { text: 'x'.repeat(2001) }, {}, 'en');
    expect(long.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(long)).error.fields.text).toMatch(
      /too long/,
    );
    expect((await say(owner.cookie, { text: 'hi', extra: 1 })).status).toBe(400);
    expect((await say(owner.cookie, { text: 'hi', handover: [{ role: 'robot', text: 'x' }] })).status).toBe(
      400,
    );
    expect(
      await count('select count(*) as n from conversation_messages where body = ?', 'x'.repeat(2001)),
    ).toBe(0);
  });

  it('a guest holding a booking’s link writes from it; staff see the stay beside the thread', async () => {
    const checkIn = hotelToday();
    const booking = await book({
      fullName: 'Mariam Al Said',
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 2),
    });
    const cookie = await grantCookie(booking);
    const res = await say(cookie, { text: 'Can I have a cot?', bookingId: booking.id });
    expect(res.status, await res.clone().text()).toBe(201);
    const { message } = await json<{ message: Message }>(res);
    const detail = await json<{
      thread: { guest: { name: string } };
      stays: { reference: string; checkIn: string }[];
      messages: Message[];
    }>(await call(`/api/admin/inbox/${message.threadId}`, { cookie: staff }));
    expect(detail.thread.guest.name).toBe('Mariam Al Said');
    expect(detail.stays.map((s) => s.reference)).toContain(booking.reference);
    expect(detail.messages.at(-1)!.text).toBe('Can I have a cot?');
    const list = await json<{ threads: Thread[] }>(await inbox(staff, '?filter=arriving'));
    // Pending bookings are not arriving yet (approved or confirmed only).
    expect(list.threads.map((t) => t.id)).not.toContain(message.threadId);
  });

  it('the offline queue’s retry (the same Idempotency-Key) stores the message once', async () => {
    const guest = await signUp('Queue Guest');
    const key = crypto.randomUUID();
    const first = await say(guest.cookie, { text: 'once' }, { 'idempotency-key': key });
    const again = await say(guest.cookie, { text: 'once' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const a = await json<{ message: Message }>(first);
    const b = await json<{ message: Message }>(again);
    expect(b.message.id).toBe(a.message.id);
    expect(b.message.threadId).toBe(a.message.threadId);
    expect(
      await count('select count(*) as n from conversation_messages where thread_id = ?', a.message.threadId),
    ).toBe(1);
    expect(await unreadOf(a.message.threadId)).toBe(1);
    // The key with another text is refused, not a second message.
    expect((await say(guest.cookie, { text: 'twice' }, { 'idempotency-key': key })).status).toBe(422);
  });

  it('the assistant hands the conversation over before the guest’s message', async () => {
    const guest = await signUp('Handover Guest');
    const res = await say(guest.cookie, {
      text: 'I would like to talk to someone',
      handover: [
        { role: 'guest', text: 'Do you have airport pickup?' },
        { role: 'assistant', text: 'I could not find an exact answer to that.' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { message } = await json<{ message: Message }>(res);
    const detail = await json<{ messages: Message[] }>(
      await call(`/api/admin/inbox/${message.threadId}`, { cookie: staff }),
    );
    expect(detail.messages.map((m) => m.author)).toEqual(['system', 'guest']);
    expect(detail.messages[0]!.text).toContain('Do you have airport pickup?');
  });
});

describe('the staff inbox', () => {
  it('front desk, managers and admins only: housekeepers and guests 403, signed out 401', async () => {
    const guest = await signUp('Nosy Guest');
    expect((await inbox(housekeeper)).status).toBe(403);
    expect((await inbox(guest.cookie)).status).toBe(403);
    expect((await call('/api/admin/inbox')).status).toBe(401);
    expect((await inbox(manager)).status).toBe(200);
    expect((await inbox(staff)).status).toBe(200);
    expect((await reply(1, { text: 'x' }, housekeeper)).status).toBe(403);
    expect((await call('/api/admin/inbox/saved-replies', { cookie: housekeeper })).status).toBe(403);
  });

  it('answers on the app; the guest reads it, never a staff note; reading resets the unread count', async () => {
    const guest = await signUp('Reply Guest');
    const { message } = await json<{ message: Message }>(
      await say(guest.cookie, { text: 'Is breakfast included?' }),
    );
    const list = await json<{ threads: Thread[]; unreadThreads: number }>(await inbox(staff));
    expect(list.threads[0]).toMatchObject({ id: message.threadId, unread: 1, guestName: 'Reply Guest' });
    expect(list.unreadThreads).toBeGreaterThan(0);

    const note = await reply(message.threadId, { text: 'VIP: upsell the suite', internal: true });
    expect(note.status, await note.clone().text()).toBe(201);
    const answer = await reply(message.threadId, { text: 'Yes, from 6:30 to 10:30.' });
    expect(answer.status).toBe(201);
    expect((await json<{ message: Message }>(answer)).message).toMatchObject({
      author: 'staff',
      status: 'sent',
    });
    expect(await unreadOf(message.threadId)).toBe(0);
    // The reply took the unassigned thread.
    expect(
      (await one<{ a: number }>(
        'select assigned_to as a from conversation_threads where id = ?',
        message.threadId,
      ))!.a,
    ).toBe(staffId);

    const seen = await json<{ messages: Message[] }>(await mine(guest.cookie));
    expect(seen.messages.map((m) => m.text)).toEqual(['Is breakfast included?', 'Yes, from 6:30 to 10:30.']);
    // The push to the guest is queued for their subscriptions (none here: the event names the message).
    expect(
      (await json<{ threads: Thread[] }>(await inbox(staff, '?filter=mine'))).threads.map((t) => t.id),
    ).toContain(message.threadId);
  });

  it('assigns, marks done (a guest writing opens it again) and refuses what is not a colleague', async () => {
    const guest = await signUp('Assign Guest');
    const { message } = await json<{ message: Message }>(await say(guest.cookie, { text: 'hello' }));
    const patch = (body: Record<string, unknown>) =>
      call(`/api/admin/inbox/${message.threadId}`, { method: 'PATCH', cookie: staff, json: body });
    const guestId = (await one<{ id: number }>('select id from users where email = ?', guest.email))!.id;
    expect((await patch({ assignedTo: guestId })).status).toBe(422);
    const hk = (await one<{ id: number }>("select id from users where role = 'housekeeper'"))!.id;
    expect((await patch({ assignedTo: hk })).status).toBe(422);
    expect((await patch({ status: 'closed' })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    expect(
      (await call('/api/admin/inbox/999999', { method: 'PATCH', cookie: staff, json: { status: 'done' } }))
        .status,
    ).toBe(404);

    const managerId = (await one<{ id: number }>("select id from users where email = 'manager@example.com'"))!
      .id;
    expect((await patch({ assignedTo: managerId, status: 'done', read: true })).status).toBe(200);
    const open = await json<{ threads: Thread[] }>(await inbox(staff, '?filter=open'));
    expect(open.threads.map((t) => t.id)).not.toContain(message.threadId);
    const managersOwn = await json<{ threads: Thread[] }>(await inbox(manager, '?filter=mine'));
    expect(managersOwn.threads.map((t) => t.id)).toContain(message.threadId);

    await say(guest.cookie, { text: 'one more thing' });
    const reopened = await json<{ threads: Thread[] }>(await inbox(staff, '?filter=open'));
    expect(reopened.threads.find((t) => t.id === message.threadId)).toMatchObject({
      status: 'open',
      unread: 1,
    });
  });

  it('pages newest first with a cursor', async () => {
    const page = await json<{ threads: Thread[]; next: string | null }>(await inbox(staff, '?limit=2'));
    expect(page.threads).toHaveLength(2);
    expect(page.next).toMatch(/^\d+:\d+$/);
    const next = await json<{ threads: Thread[] }>(await inbox(staff, `?limit=2&before=${page.next}`));
    expect(next.threads[0]!.id).not.toBe(page.threads[0]!.id);
    expect((await inbox(staff, '?before=yesterday')).status).toBe(400);
  });

  it('saved replies in both languages: create, list, edit, delete', async () => {
    const base = '/api/admin/inbox/saved-replies';
    const made = await call(base, {
      method: 'POST',
      cookie: staff,
      json: { title: 'Breakfast', bodyAr: 'الإفطار من ٦:٣٠ إلى ١٠:٣٠', bodyEn: 'Breakfast is 6:30 to 10:30' },
    });
    expect(made.status).toBe(201);
    const { reply: saved } = await json<{ reply: { id: number } }>(made);
    expect(
      (await call(base, { method: 'POST', cookie: staff, json: { title: 'x', bodyAr: '', bodyEn: 'y' } }))
        .status,
    ).toBe(400);
    const edited = await call(`${base}/${saved.id}`, {
      method: 'PUT',
      cookie: manager,
      json: { title: 'Breakfast hours', bodyAr: 'الإفطار', bodyEn: 'Breakfast' },
    });
    expect(edited.status).toBe(200);
    const list = await json<{ replies: { id: number; title: string }[] }>(
      await call(base, { cookie: staff }),
    );
    expect(list.replies.find((r) => r.id === saved.id)?.title).toBe('Breakfast hours');
    expect((await call(`${base}/${saved.id}`, { method: 'DELETE', cookie: staff })).status).toBe(204);
    expect((await call(`${base}/${saved.id}`, { method: 'DELETE', cookie: staff })).status).toBe(404);
  });
});

describe('the door the WhatsApp channel uses', () => {
  const phone = '91234567';
  /** The thread keeps the phone in full (968 in front of an Omani number typed with +968 and a space). */
  const stored = `968${phone}`;
  it('appends a message from a phone once per provider id, with the unread count in its batch', async () => {
    const run = () =>
      db().batch(
        appendInboundStatements(db(), {
          key: { phone: `+968 ${phone}`, name: 'Hamed' },
          channel: 'whatsapp',
          text: 'مرحبا',
          providerMessageId: 'wamid.TEST1',
        }).statements as never,
      );
    const first = (await run()) as unknown[];
    const answer = (first.at(-1) as { threadId: number; messageId: number }[])[0]!;
    expect(answer.messageId).toBeGreaterThan(0);
    const second = (await run()) as unknown[];
    expect((second.at(-1) as { threadId: number; messageId: number }[])[0]).toEqual(answer);
    expect(
      await count(
        "select count(*) as n from conversation_messages where provider_message_id = 'wamid.TEST1'",
      ),
    ).toBe(1);
    expect(await unreadOf(answer.threadId)).toBe(1);
    const thread = await one<{ phone: string; channel: string; user: number | null }>(
      'select phone, last_channel as channel, user_id as user from conversation_threads where id = ?',
      answer.threadId,
    );
    expect(thread).toEqual({ phone: stored, channel: 'whatsapp', user: null });
  });

  it('a staff reply to a WhatsApp thread is refused with no sender, and queued through one', async () => {
    // The port itself, without the WhatsApp module's sender the entry registers (given back after).
    const entrySender = channelSender('whatsapp');
    unregisterChannelSender('whatsapp');
    onTestFinished(() => {
      if (entrySender) registerChannelSender('whatsapp', entrySender);
    });
    const threadId = (await one<{ id: number }>(
      'select id from conversation_threads where phone = ?',
      stored,
    ))!.id;
    const refused = await reply(threadId, { text: 'Welcome!' });
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('channel_unavailable');
    expect(
      await count(
        'select count(*) as n from conversation_messages where thread_id = ? and direction = ?',
        threadId,
        'out',
      ),
    ).toBe(0);

    const queued: string[] = [];
    registerChannelSender('whatsapp', {
      queueStatements: (d, r) => {
        queued.push(r.text);
        return [d.run(`select 1` as never)];
      },
    });
    const sent = await reply(threadId, { text: 'Welcome!' });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { message } = await json<{ message: Message & { channel: string } }>(sent);
    expect(message).toMatchObject({ status: 'queued', channel: 'whatsapp' });
    expect(queued).toEqual(['Welcome!']);
  });

  it('a delivery status only moves forwards, whatever order it arrives in; failed keeps its error', async () => {
    const threadId = (await one<{ id: number }>(
      'select id from conversation_threads where phone = ?',
      stored,
    ))!.id;
    const out = (await one<{ id: number }>(
      "select id from conversation_messages where thread_id = ? and direction = 'out'",
      threadId,
    ))!.id;
    await db().batch([messageSentStatement(db(), out, 'wamid.OUT1')]);
    const status = async () =>
      (await one<{ s: string; e: string | null }>(
        'select delivery_status as s, delivery_error as e from conversation_messages where id = ?',
        out,
      ))!;
    expect((await status()).s).toBe('sent');
    await db().batch([deliveryStatusStatement(db(), 'wamid.OUT1', 'read')]);
    const late = await db().batch([deliveryStatusStatement(db(), 'wamid.OUT1', 'delivered')]);
    expect(late[0]).toEqual([]);
    expect((await status()).s).toBe('read');
    await db().batch([deliveryStatusStatement(db(), 'wamid.OUT1', 'failed', '131047 Re-engagement message')]);
    await db().batch([deliveryStatusStatement(db(), 'wamid.OUT1', 'read')]);
    expect(await status()).toEqual({ s: 'failed', e: '131047 Re-engagement message' });
  });

  it('the desk links a phone-only thread to a guest profile, merging it into their thread', async () => {
    const threadId = (await one<{ id: number }>(
      'select id from conversation_threads where phone = ?',
      stored,
    ))!.id;
    // A guest with an account wrote from the app: their account's thread.
    const guest = await signUp('Hamed Al Rawahi');
    const booking = await book(
      { fullName: 'Hamed Al Rawahi', phoneNumber: '+96899887766' },
      { cookie: guest.cookie },
    );
    await say(guest.cookie, { text: 'from the app', bookingId: booking.id });
    const profileId = (await one<{ p: number }>(
      'select profile_id as p from booking_submissions where id = ?',
      booking.id,
    ))!.p;
    const linked = await call(`/api/admin/inbox/${threadId}/link`, {
      method: 'POST',
      cookie: staff,
      json: { profileId },
    });
    expect(linked.status, await linked.clone().text()).toBe(200);
    const { threadId: kept } = await json<{ threadId: number }>(linked);
    expect(kept).not.toBe(threadId);
    expect(await count('select count(*) as n from conversation_threads where id = ?', threadId)).toBe(0);
    const texts = (
      await json<{ messages: Message[] }>(await call(`/api/admin/inbox/${kept}`, { cookie: staff }))
    ).messages.map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['مرحبا', 'Welcome!', 'from the app']));
    expect(
      (await call(`/api/admin/inbox/${kept}/link`, { method: 'POST', cookie: staff, json: { profileId } }))
        .status,
    ).toBe(409);
  });
});

describe('reading the inbox does not grow with history', () => {
  it('reads the same D1 rows with 100,000 messages as with 1,000', async () => {
    const guest = await signUp('Talkative Guest', uniqueEmail('talk'));
    const { message } = await json<{ message: Message }>(await say(guest.cookie, { text: 'first' }));
    const grow = (n: number) =>
      env.DB.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         insert into conversation_messages (thread_id, channel, direction, author_kind, body, created_at)
         select ?, 'app', 'in', 'guest', 'message ' || i, 1700000000000 + i from n`,
      )
        .bind(n, message.threadId)
        .run();
    const metered = async (path: string) => {
      const res = await call(path, { cookie: staff, headers: { 'x-d1-meter': '1' } });
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-d1-rows-read'));
    };
    await grow(999);
    const small = [await metered('/api/admin/inbox'), await metered(`/api/admin/inbox/${message.threadId}`)];
    await grow(99_000);
    const large = [await metered('/api/admin/inbox'), await metered(`/api/admin/inbox/${message.threadId}`)];
    expect(
      await count('select count(*) as n from conversation_messages where thread_id = ?', message.threadId),
    ).toBe(100_000);
    expect(large).toEqual(small);
    expect(small[0]).toBeGreaterThan(0);
  }, 60_000);
});

describe('live', () => {
  it('the hotel’s Durable Object brings a guest’s message to a connected staff socket within 2 seconds', async () => {
    const socketRes = await call('/api/live?as=staff', { cookie: staff, headers: { upgrade: 'websocket' } });
    expect(socketRes.status).toBe(101);
    const ws = socketRes.webSocket!;
    ws.accept();
    const events: { type: string; threadId?: number }[] = [];
    let resolve: () => void = () => {};
    const arrived = new Promise<void>((r) => (resolve = r));
    ws.addEventListener('message', (e) => {
      const event = JSON.parse(String(e.data)) as { type: string; threadId?: number };
      events.push(event);
      if (event.type === 'message') resolve();
    });
    const guest = await signUp('Live Guest');
    const started = Date.now();
    const { message } = await json<{ message: Message }>(await say(guest.cookie, { text: 'live?' }));
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 2000))]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events.find((e) => e.type === 'message')).toMatchObject({
      type: 'message',
      threadId: message.threadId,
    });
    ws.close();
  });

  it('the guest’s socket hears the staff reply; a housekeeper’s and a signed-out upgrade are refused', async () => {
    expect(
      (await call('/api/live?as=staff', { cookie: housekeeper, headers: { upgrade: 'websocket' } })).status,
    ).toBe(403);
    expect((await call('/api/live', { headers: { upgrade: 'websocket' } })).status).toBe(401);
    expect((await call('/api/live?as=staff', { cookie: staff })).status).toBe(400);
    const guest = await signUp('Live Reader');
    const { message } = await json<{ message: Message }>(await say(guest.cookie, { text: 'are you there?' }));
    const socketRes = await call('/api/live', { cookie: guest.cookie, headers: { upgrade: 'websocket' } });
    expect(socketRes.status).toBe(101);
    const ws = socketRes.webSocket!;
    ws.accept();
    const arrived = new Promise<{ type: string; threadId: number; direction: string }>((resolve) =>
      ws.addEventListener('message', (e) => {
        const event = JSON.parse(String(e.data));
        if (event.type === 'message') resolve(event);
      }),
    );
    const other = await signUp('Other Live');
    const otherRes = await call('/api/live', { cookie: other.cookie, headers: { upgrade: 'websocket' } });
    const otherWs = otherRes.webSocket!;
    otherWs.accept();
    const otherEvents: unknown[] = [];
    otherWs.addEventListener('message', (e) => otherEvents.push(JSON.parse(String(e.data))));
    await reply(message.threadId, { text: 'Yes!' });
    const event = await Promise.race([arrived, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    expect(event).toMatchObject({ type: 'message', threadId: message.threadId, direction: 'out' });
    // Another guest's socket heard nothing but its greeting.
    expect(otherEvents.filter((e) => (e as { type: string }).type !== 'hello')).toEqual([]);
    ws.close();
    otherWs.close();
  });
});

describe("the guest's data", () => {
  it('exports the thread without staff notes, and erases it all with the account', async () => {
    const guest = await signUp('Private Guest');
    const { message } = await json<{ message: Message }>(
      await say(guest.cookie, { text: 'my room key broke' }),
    );
    await reply(message.threadId, { text: 'note: call maintenance', internal: true });
    await reply(message.threadId, { text: 'A new key is at the desk.' });
    const data = await json<{ conversations: { threads: { id: number }[]; messages: { text: string }[] } }>(
      await call('/api/account/export', { cookie: guest.cookie }),
    );
    expect(data.conversations.threads.map((t) => t.id)).toEqual([message.threadId]);
    expect(data.conversations.messages.map((m) => m.text).sort()).toEqual([
      'A new key is at the desk.',
      'my room key broke',
    ]);
    const erased = await call('/api/account', {
      method: 'DELETE',
      cookie: guest.cookie,
      json: { password: guest.password },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(
      await count('select count(*) as n from conversation_messages where thread_id = ?', message.threadId),
    ).toBe(0);
    expect(await count('select count(*) as n from conversation_threads where id = ?', message.threadId)).toBe(
      0,
    );
  });
});

describe('Web Push', () => {
  it('a guest’s message queues the staff’s push, a staff reply the guest’s, a staff note nobody’s, in their batches', async () => {
    const guest = await signUp('Push Guest');
    const guestId = (await one<{ id: number }>('select id from users where email = ?', guest.email))!.id;
    const subscribe = (userId: number, role: string, n: number) =>
      env.DB.prepare(
        `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang) values (?, 'k', 'a', ?, ?, 'ar')`,
      )
        .bind(`${env.TEST_PUSH_RECEIVER_URL}/push/conversations-${n}-${Date.now()}`, userId, role)
        .run();
    await subscribe(guestId, 'guest', 1);
    await subscribe(staffId, 'staff', 2);
    const queued = (kind: string, userId: number) =>
      count(
        `select count(*) as n from push_outbox o join push_subscriptions s on s.id = o.subscription_id
         where o.kind = ? and s.user_id = ?`,
        kind,
        userId,
      );
    const { message } = await json<{ message: Message }>(await say(guest.cookie, { text: 'push me' }));
    expect(await queued('conversation_message_received', staffId)).toBeGreaterThan(0);
    expect(await queued('conversation_message_received', guestId)).toBe(0);
    await reply(message.threadId, { text: 'internal only', internal: true });
    expect(await queued('conversation_reply_sent', guestId)).toBe(0);
    await reply(message.threadId, { text: 'Here you are' });
    expect(await queued('conversation_reply_sent', guestId)).toBe(1);
  });
});
