import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, latestPhoneCode, phoneProof, signUp } from '@worker-test/helpers';
import { book, count, day, json, one, rows, staffCookie, uniquePhone } from '@worker-test/builders';
import { deliverWhatsApp, signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { inboundPayload, newWamid } from './fake/payloads';

/**
 * WhatsApp beside the conversations and the guest: the inbox's replies on a WhatsApp thread (inside
 * the window, and refused after it), the profile's toggle, the dated automatic sends.
 */
const db = drizzle(env.DB);
/** A phone in full (an 8-digit one is Omani), as stored and as Meta's `wa_id`. */
const intl = (phone: string) => (phone.length === 8 ? `968${phone}` : phone);
/** A row the test expects to be there. */
const found = async <T>(query: string, ...binds: unknown[]) => {
  const row = await one<T>(query, ...binds);
  expect(row).not.toBeNull();
  return row!;
};

async function signedPost(body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null)
    headers['x-hub-signature-256'] = signature ?? (await signatureOf(FAKE_WHATSAPP.appSecret, raw));
  return call('/api/whatsapp/webhook', { method: 'POST', body: raw, headers });
}

/** The guest writes (through the fake: signed and delivered as Meta does). */
async function guestWrites(phone: string, content: Record<string, unknown>) {
  const res = await call('/api/dev/whatsapp/inbound', {
    method: 'POST',
    json: { from: intl(phone), ...content },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json<{ wamid: string; status: number }>(res);
  expect(body.status).toBe(200);
  return body.wamid;
}

const sentTo = async (phone: string) =>
  (
    await json<
      {
        wamid: string;
        to: string;
        waId: string;
        type: string;
        text: string | null;
        template: { name: string } | null;
      }[]
    >(await call('/api/dev/whatsapp/sent'))
  ).filter((s) => s.waId === intl(phone));

/**
 * Staff approve with the link's delivery off for that request, so only the test's own delivery
 * (at the instant it chooses) sends what the approval queued.
 */
async function approveQueued(id: number) {
  const res = await call(`/api/booking-submissions/${id}/status`, {
    method: 'PATCH',
    cookie: await staffCookie(),
    json: { status: 'approved' },
    env: { ...env, WHATSAPP: 'off' } as typeof env,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  const res = await call('/api/admin/whatsapp/templates/refresh', {
    method: 'POST',
    cookie: await staffCookie(),
  });
  expect(res.status, await res.clone().text()).toBe(200);
});

describe('staff replies from the inbox', () => {
  it("a reply on a WhatsApp thread goes out as text inside the window, the thread's message gets its wamid and statuses", async () => {
    const phone = uniquePhone();
    const wamid = await guestWrites(phone, { text: 'Can I have a late check-out?' });
    const { thread_id: threadId } = await found<{ thread_id: number }>(
      'select thread_id from conversation_messages where provider_message_id = ?',
      wamid,
    );
    const res = await call(`/api/admin/inbox/${threadId}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { text: 'Yes, until 14:00' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [sent] = await sentTo(phone);
    expect(sent).toMatchObject({ type: 'text', text: 'Yes, until 14:00' });
    const reply = await found<{ delivery_status: string; provider_message_id: string }>(
      "select delivery_status, provider_message_id from conversation_messages where thread_id = ? and direction = 'out'",
      threadId,
    );
    expect(reply).toMatchObject({ delivery_status: 'sent', provider_message_id: sent!.wamid });
    await call('/api/dev/whatsapp/status', {
      method: 'POST',
      json: { messageId: sent!.wamid, status: 'read' },
    });
    expect(
      (
        await found<{ delivery_status: string }>(
          'select delivery_status from conversation_messages where provider_message_id = ?',
          sent!.wamid,
        )
      ).delivery_status,
    ).toBe('read');
  });

  it("after 24 hours the inbox's reply is refused with window_closed and nothing is stored", async () => {
    const phone = uniquePhone();
    const wamid = newWamid();
    const old = inboundPayload(intl(phone), 'G', wamid, new Date(Date.now() - 25 * 3600_000), {
      type: 'text',
      text: { body: 'hi' },
    });
    expect((await signedPost(old)).status).toBe(200);
    const { thread_id: threadId } = await found<{ thread_id: number }>(
      'select thread_id from conversation_messages where provider_message_id = ?',
      wamid,
    );
    const res = await call(`/api/admin/inbox/${threadId}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { text: 'Sorry for the delay' },
    });
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('window_closed');
    expect(
      await count(
        "select count(*) as n from conversation_messages where thread_id = ? and direction = 'out'",
        threadId,
      ),
    ).toBe(0);
    expect(await sentTo(phone)).toHaveLength(0);
  });
});

describe('templates from the inbox', () => {
  /** A thread whose guest (opted in with a booking, or not) last wrote 25 hours ago. */
  async function staleThread(optedIn: boolean) {
    const phone = uniquePhone();
    if (optedIn) await book({ phoneNumber: phone, whatsappOptIn: true }, { lang: 'en' });
    const wamid = newWamid();
    const old = inboundPayload(intl(phone), 'G', wamid, new Date(Date.now() - 25 * 3600_000), {
      type: 'text',
      text: { body: 'hi' },
    });
    expect((await signedPost(old)).status).toBe(200);
    const { thread_id: threadId } = await found<{ thread_id: number }>(
      'select thread_id from conversation_messages where provider_message_id = ?',
      wamid,
    );
    return { phone, threadId };
  }
  const post = async (threadId: number, body: unknown) =>
    call(`/api/admin/inbox/${threadId}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: body,
    });
  const outbound = (threadId: number) =>
    rows<{
      author_kind: string;
      author_user_id: number | null;
      body: string;
      delivery_status: string;
      provider_message_id: string | null;
    }>(
      "select author_kind, author_user_id, body, delivery_status, provider_message_id from conversation_messages where thread_id = ? and direction = 'out' order by id",
      threadId,
    );
  const params = ['Aisha', 'ABC1234', '1 December', '3 December', 'https://hotel.example/b'];

  it('after the window, the thread says so; a template goes out, lands on the thread once, and its statuses move it', async () => {
    const { phone, threadId } = await staleThread(true);
    const detail = await json<{ thread: { whatsapp: { phone: boolean; windowOpen: boolean } } }>(
      await call(`/api/admin/inbox/${threadId}`, { cookie: await staffCookie() }),
    );
    expect(detail.thread.whatsapp).toMatchObject({ phone: true, windowOpen: false });
    const refused = await post(threadId, { text: 'Sorry for the delay' });
    expect(refused.status).toBe(409);
    const res = await post(threadId, {
      template: 'booking_confirmation',
      language: 'en',
      parameters: params,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { message } = await json<{ message: { text: string; status: string } }>(res);
    expect(message.status).toBe('queued');
    expect(message.text).toBe(
      "Hello Aisha, your booking ABC1234 is confirmed: arrival 1 December, departure 3 December. Your booking's page: https://hotel.example/b (to change or cancel it).",
    );
    const sent = await sentTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.template).toMatchObject({ name: 'booking_confirmation', language: 'en' });
    // Once on the thread (the staff member's), with the provider's wamid: not twice.
    const [mine, ...others] = await outbound(threadId);
    expect(others).toHaveLength(0);
    expect(mine).toMatchObject({
      author_kind: 'staff',
      body: message.text,
      delivery_status: 'sent',
      provider_message_id: sent[0]!.wamid,
    });
    expect(mine!.author_user_id).not.toBeNull();
    for (const status of ['delivered', 'read'])
      await call('/api/dev/whatsapp/status', { method: 'POST', json: { messageId: sent[0]!.wamid, status } });
    expect((await outbound(threadId))[0]).toMatchObject({ delivery_status: 'read' });
  });

  it('refuses a template not approved in that language or with the wrong number of fields (422), or to a guest who never opted in (409); nothing stored or sent', async () => {
    const { phone, threadId } = await staleThread(true);
    const cases: [unknown, number, string][] = [
      [
        { template: 'booking_confirmation', language: 'en', parameters: params.slice(0, 4) },
        422,
        'template_parameters_mismatch',
      ],
      [{ template: 'seasonal_offer', language: 'ar', parameters: ['x'] }, 422, 'template_not_approved'],
      [{ template: 'no_such_template', parameters: [] }, 422, 'template_not_approved'],
      [{ template: 'booking_confirmation', parameters: 'Aisha' }, 400, 'املأ كل حقول القالب'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(threadId, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const { error } = await json<{ error: { code: string; fields?: Record<string, string> } }>(res);
      // Bad input: 400 with the field's own words (Arabic by default); a rule: its code.
      expect(error.fields?.parameters ?? error.code).toBe(code);
    }
    const stranger = await staleThread(false);
    const notOptedIn = await post(stranger.threadId, {
      template: 'booking_confirmation',
      language: 'en',
      parameters: params,
    });
    expect(notOptedIn.status).toBe(409);
    expect((await json<{ error: { code: string } }>(notOptedIn)).error.code).toBe('whatsapp_not_opted_in');
    expect(await outbound(threadId)).toHaveLength(0);
    expect(await outbound(stranger.threadId)).toHaveLength(0);
    expect(await sentTo(phone)).toHaveLength(0);
    expect(await sentTo(stranger.phone)).toHaveLength(0);
  });
});

describe("the profile's toggle and the dated sends", () => {
  it('a signed-in guest turns updates on and off for a phone they proved (time and source kept); never for another', async () => {
    const phone = uniquePhone();
    const { cookie } = await signUp();
    const proven = `${cookie}; ${await phoneProof(phone)}`;
    const before = await call(`/api/whatsapp/opt-in?phone=${phone}`, { cookie: proven });
    expect(await json(before)).toMatchObject({ optIn: false, source: null });
    const on = await call('/api/whatsapp/opt-in', {
      method: 'PUT',
      cookie: proven,
      json: { phone, optIn: true },
    });
    expect(on.status).toBe(200);
    const row = await found<{ opted_in: number; source: string; changed_at: number }>(
      'select opted_in, source, changed_at from whatsapp_consents where phone = ?',
      intl(phone),
    );
    expect(row).toMatchObject({ opted_in: 1, source: 'profile' });
    expect(Math.abs(row.changed_at - Date.now())).toBeLessThan(60_000);
    const off = await call('/api/whatsapp/opt-in', {
      method: 'PUT',
      cookie: proven,
      json: { phone, optIn: false },
    });
    expect(await json(off)).toMatchObject({ optIn: false, source: 'profile' });
    // Someone else's phone, or signed out: refused, nothing changed.
    const other = uniquePhone();
    const refused = await call('/api/whatsapp/opt-in', {
      method: 'PUT',
      cookie,
      json: { phone: other, optIn: true },
    });
    expect(refused.status).toBe(403);
    expect((await call('/api/whatsapp/opt-in', { method: 'PUT', json: { phone, optIn: true } })).status).toBe(
      401,
    );
    expect(await count('select count(*) as n from whatsapp_consents where phone = ?', intl(other))).toBe(0);
    // Bad input: 400 in the guest's language, never 500.
    const bad = await call('/api/whatsapp/opt-in', {
      method: 'PUT',
      cookie: proven,
      json: { phone, optIn: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it("lists the account's verified phones with their consent", async () => {
    const phone = uniquePhone();
    const { cookie } = await signUp();
    const headers = { 'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250)}.7` };
    await call('/api/phone-verification/request', {
      method: 'POST',
      cookie,
      headers,
      json: { phoneNumber: phone },
    });
    const verified = await call('/api/phone-verification/verify', {
      method: 'POST',
      cookie,
      headers,
      json: { phoneNumber: phone, verificationCode: await latestPhoneCode(phone) },
    });
    expect(verified.status).toBe(200);
    const empty = await json<{ phones: { phone: string; optIn: boolean }[] }>(
      await call('/api/whatsapp/opt-in/phones', { cookie }),
    );
    // In full, as stored (the screen shows it with its `+`).
    expect(empty.phones).toEqual([{ phone: intl(phone), optIn: false, source: null, changedAt: null }]);
    expect(
      (await call('/api/whatsapp/opt-in', { method: 'PUT', cookie, json: { phone, optIn: true } })).status,
    ).toBe(200);
    const listed = await json<{ phones: { phone: string; optIn: boolean; source: string }[] }>(
      await call('/api/whatsapp/opt-in/phones', { cookie }),
    );
    expect(listed.phones[0]).toMatchObject({ phone: intl(phone), optIn: true, source: 'profile' });
    expect((await call('/api/whatsapp/opt-in/phones')).status).toBe(401);
  });

  it("the pre-arrival message goes two days before, with the booking's link, once", async () => {
    const phone = uniquePhone();
    const arriving = await book(
      { phoneNumber: phone, whatsappOptIn: true, checkInDate: day(3), checkOutDate: day(4) },
      { lang: 'en' },
    );
    await approveQueued(arriving.id);
    // A day after the next noon (the dated sends are read at most every five minutes per isolate:
    // an instant far from any other delivery's), when the stay is two days or less away.
    const at = new Date(noon().getTime() + 24 * 3600_000);
    await deliverWhatsApp(env, db, at);
    await deliverWhatsApp(env, db, at);
    const names = (await sentTo(phone)).map((s) => s.template?.name);
    expect(names.filter((n) => n === 'pre_arrival')).toHaveLength(1);
    const [pre] = (await sentTo(phone)).filter((s) => s.template?.name === 'pre_arrival');
    expect((pre!.template as unknown as { parameters: string[] }).parameters[2]).toMatch(
      new RegExp(`/booking/${arriving.reference}\\?t=`),
    );
  });
});

/** The next 12:00 in Muscat: outside quiet hours, after every row queued so far. */
function noon() {
  return nextMuscat(12, 0);
}

/** The next hh:mm in Muscat (UTC+4) after now. */
function nextMuscat(hour: number, minute: number) {
  const d = new Date();
  let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - 4, minute);
  while (at <= d.getTime()) at += 24 * 3600_000;
  return new Date(at);
}

/** The next 12:00 in Muscat (UTC+4): outside quiet hours, after every row queued so far. */
function nextNoon() {
  const d = new Date();
  let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8, 0);
  while (at <= d.getTime()) at += 24 * 3600_000;
  return new Date(at);
}

/** The next message to `phone` has these statuses' webhooks delivered before its send is answered. */
async function statusesRaceTheAnswer(phone: string, statuses: string[]) {
  const res = await call('/api/dev/whatsapp/early-statuses', {
    method: 'POST',
    json: { to: intl(phone), statuses },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const copyOf = (wamid: string) =>
  found<{ delivery_status: string }>(
    'select delivery_status from conversation_messages where provider_message_id = ?',
    wamid,
  );

describe('a status that comes before the thread’s copy of the message', () => {
  it('is applied when the copy is written: a staff message sent from the thread’s phone', async () => {
    const phone = uniquePhone();
    await guestWrites(phone, { text: 'Is the pool open?' });
    await statusesRaceTheAnswer(phone, ['sent', 'delivered']);
    const res = await call('/api/admin/whatsapp/messages', {
      method: 'POST',
      cookie: await staffCookie(),
      json: { phone, text: 'Until 22:00' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { wamid } = await json<{ wamid: string }>(res);
    // The provider's record and the thread's copy both say delivered, without waiting for the next status.
    expect(
      (await found<{ status: string }>('select status from whatsapp_messages where wamid = ?', wamid)).status,
    ).toBe('delivered');
    expect((await copyOf(wamid)).delivery_status).toBe('delivered');
  });

  it('is applied when a reply from the inbox gets its wamid', async () => {
    const phone = uniquePhone();
    const wamid = await guestWrites(phone, { text: 'A cot, please' });
    const { thread_id: threadId } = await found<{ thread_id: number }>(
      'select thread_id from conversation_messages where provider_message_id = ?',
      wamid,
    );
    await statusesRaceTheAnswer(phone, ['read']);
    const res = await call(`/api/admin/inbox/${threadId}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { text: 'On its way' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [sent] = await sentTo(phone);
    expect((await copyOf(sent!.wamid)).delivery_status).toBe('read');
  });
});

describe('a thread of the hotel’s automatic messages only', () => {
  it('is not open (nothing to answer) until the guest writes', async () => {
    const staff = await staffCookie();
    const phone = uniquePhone();
    const booking = await book({ phoneNumber: phone, whatsappOptIn: true }, { lang: 'en' });
    const approved = await call(`/api/booking-submissions/${booking.id}/status`, {
      method: 'PATCH',
      cookie: staff,
      json: { status: 'approved' },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    await deliverWhatsApp(env, db, nextNoon());
    const [confirmation] = await sentTo(phone);
    expect(confirmation?.template?.name).toBe('booking_confirmation');
    const thread = await found<{ id: number; status: string; unread_staff: number }>(
      `select t.id, t.status, t.unread_staff from conversation_threads t join conversation_messages m on m.thread_id = t.id
       where m.provider_message_id = ?`,
      confirmation!.wamid,
    );
    expect(thread).toMatchObject({ status: 'done', unread_staff: 0 });
    type Inbox = { threads: { id: number }[] };
    const open = await json<Inbox>(await call('/api/admin/inbox?filter=open', { cookie: staff }));
    expect(open.threads.map((t) => t.id)).not.toContain(thread.id);
    const all = await json<Inbox>(await call('/api/admin/inbox', { cookie: staff }));
    expect(all.threads.map((t) => t.id)).toContain(thread.id);
    // The guest answers: open, waiting for the desk.
    await guestWrites(phone, { text: 'Thank you! Can I arrive early?' });
    expect(
      (await found<{ status: string }>('select status from conversation_threads where id = ?', thread.id))
        .status,
    ).toBe('open');
    const reopened = await json<Inbox>(await call('/api/admin/inbox?filter=open', { cookie: staff }));
    expect(reopened.threads.map((t) => t.id)).toContain(thread.id);
  });
});
