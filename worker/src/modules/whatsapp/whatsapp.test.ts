import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import {
  book,
  count,
  json,
  one,
  rows,
  setBookingStatus,
  staffCookie,
  uniquePhone,
} from '@worker-test/builders';
import { deliverWhatsApp, signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { inboundPayload, newWamid, statusPayload } from './fake/payloads';

/**
 * WhatsApp through the Cloud API's fake, end to end through the app: the webhook's handshake and
 * signature, messages and statuses kept once in any order, Meta's 24-hour window and the hotel's
 * templates, consent (booking, STOP), the automatic confirmation once, quiet hours, retries.
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

async function staffSends(phone: string, content: Record<string, unknown>) {
  return call('/api/admin/whatsapp/messages', {
    method: 'POST',
    cookie: await staffCookie(),
    json: { phone, ...content },
  });
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

type ThreadRow = {
  direction: string;
  author_kind: string;
  channel: string;
  body: string;
  provider_message_id: string | null;
  delivery_status: string;
  delivery_error: string | null;
};
/** The messages on the thread of a phone (the guest's: a booking's phone finds its profile's). */
const threadMessagesOf = (phone: string) =>
  rows<ThreadRow>(
    `select m.direction, m.author_kind, m.channel, m.body, m.provider_message_id, m.delivery_status,
       m.delivery_error from conversation_messages m join conversation_threads t on t.id = m.thread_id
     where t.phone = ? order by m.id`,
    intl(phone),
  );

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

describe('the webhook', () => {
  it('answers the verification handshake with the challenge, only for our token', async () => {
    const ok = await call(
      `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${FAKE_WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await call(
      '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    );
    expect(wrong.status).toBe(403);
    const noMode = await call(
      `/api/whatsapp/webhook?hub.verify_token=${FAKE_WHATSAPP.verifyToken}&hub.challenge=1`,
    );
    expect(noMode.status).toBe(403);
  });

  it('refuses a forged or unsigned body (401) and stores nothing', async () => {
    const phone = uniquePhone();
    const body = inboundPayload(intl(phone), 'Forger', newWamid(), new Date(), {
      type: 'text',
      text: { body: 'hi' },
    });
    const forged = await signedPost(body, await signatureOf('not-the-app-secret', JSON.stringify(body)));
    expect(forged.status).toBe(401);
    const unsigned = await signedPost(body, null);
    expect(unsigned.status).toBe(401);
    // Signed over other bytes (the body changed after signing).
    const tampered = await signedPost(
      { ...body, object: 'whatsapp_business_account ' },
      await signatureOf(FAKE_WHATSAPP.appSecret, JSON.stringify(body)),
    );
    expect(tampered.status).toBe(401);
    expect(await count('select count(*) as n from whatsapp_messages where phone = ?', intl(phone))).toBe(0);
    // The same body signed with the app secret is taken.
    expect((await signedPost(body)).status).toBe(200);
    expect(await count('select count(*) as n from whatsapp_messages where phone = ?', intl(phone))).toBe(1);
  });

  it("answers 400 to a signed body that is not Meta's shape, never 500", async () => {
    for (const body of [
      {},
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account', entry: [{ id: 1 }] },
    ]) {
      expect((await signedPost(body)).status).toBe(400);
    }
    const raw = '{"object":';
    const res = await call('/api/whatsapp/webhook', {
      method: 'POST',
      body: raw,
      headers: { 'x-hub-signature-256': await signatureOf(FAKE_WHATSAPP.appSecret, raw) },
    });
    expect(res.status).toBe(400);
  });

  it('keeps a text, an image (in R2, through the media endpoint) and a location, each once', async () => {
    const phone = uniquePhone();
    const first = await guestWrites(phone, { text: 'هل يمكن تأخير المغادرة؟' });
    await guestWrites(phone, { image: { caption: 'the view' } });
    await guestWrites(phone, {
      location: { latitude: 23.588, longitude: 58.3829, name: 'Muttrah Corniche' },
    });
    const kept = await rows<{
      kind: string;
      body: string | null;
      media_key: string | null;
      latitude: number | null;
    }>(
      'select kind, body, media_key, latitude from whatsapp_messages where phone = ? order by id',
      intl(phone),
    );
    expect(kept.map((m) => m.kind)).toEqual(['text', 'image', 'location']);
    expect(kept[0]!.body).toBe('هل يمكن تأخير المغادرة؟');
    // On the guest's conversation thread too (the conversations' door), with its wamid.
    expect(
      await count(
        "select count(*) as n from conversation_messages where provider_message_id = ? and channel = 'whatsapp'",
        first,
      ),
    ).toBe(1);
    expect(kept[1]!.body).toBe('the view');
    const object = await env.IMAGES.get(kept[1]!.media_key!);
    // The fake's sample photo, a JPEG as a phone sends it.
    expect(object?.httpMetadata?.contentType).toBe('image/jpeg');
    expect([...new Uint8Array(await object!.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(kept[2]!.latitude).toBeCloseTo(23.588);
    expect(kept[2]!.body).toBe('Muttrah Corniche');
    // Meta delivers a webhook again until it hears 200: the same message is kept once.
    const body = inboundPayload(intl(phone), 'G', newWamid(), new Date(), {
      type: 'text',
      text: { body: 'again' },
    });
    expect((await signedPost(body)).status).toBe(200);
    expect((await signedPost(body)).status).toBe(200);
    expect(
      await count(
        "select count(*) as n from whatsapp_messages where phone = ? and body = 'again'",
        intl(phone),
      ),
    ).toBe(1);
  });
});

describe('statuses', () => {
  it('bring a message to its furthest state once, whatever their order, duplicates ignored', async () => {
    const phone = uniquePhone();
    await guestWrites(phone, { text: 'hello' });
    const orders: string[][] = [
      ['sent', 'delivered', 'read'],
      ['read', 'sent', 'delivered'],
      ['delivered', 'read', 'read', 'sent'],
    ];
    for (const order of orders) {
      const res = await staffSends(phone, { text: `order ${order.join(' ')}` });
      expect(res.status, await res.clone().text()).toBe(201);
      const { wamid } = await json<{ wamid: string }>(res);
      for (const status of order) {
        const s = await call('/api/dev/whatsapp/status', {
          method: 'POST',
          json: { messageId: wamid, status },
        });
        expect(await json(s)).toEqual({ status: 200 });
      }
      const m = await found<{ status: string; sent_at: number; delivered_at: number; read_at: number }>(
        'select status, sent_at, delivered_at, read_at from whatsapp_messages where wamid = ?',
        wamid,
      );
      expect(m.status).toBe('read');
      expect(m.sent_at && m.delivered_at && m.read_at).toBeTruthy();
      expect(await count('select count(*) as n from whatsapp_status_events where wamid = ?', wamid)).toBe(3);
    }
  });

  it('a failed status keeps its error; a status before its message is applied when the message is kept', async () => {
    const phone = uniquePhone();
    await guestWrites(phone, { text: 'hello' });
    const { wamid } = await json<{ wamid: string }>(await staffSends(phone, { text: 'will fail' }));
    await call('/api/dev/whatsapp/status', {
      method: 'POST',
      json: { messageId: wamid, status: 'failed', errorCode: 131026 },
    });
    await call('/api/dev/whatsapp/status', { method: 'POST', json: { messageId: wamid, status: 'sent' } });
    const m = await found<{ status: string; error_code: number }>(
      'select status, error_code from whatsapp_messages where wamid = ?',
      wamid,
    );
    expect(m).toMatchObject({ status: 'failed', error_code: 131026 });
    // A status for a message not kept yet (its send's answer still on its way).
    const early = newWamid();
    expect((await signedPost(statusPayload(early, intl(phone), 'delivered', new Date()))).status).toBe(200);
    await env.DB.prepare(
      "insert into whatsapp_messages (wamid, phone, direction, kind, status) values (?, ?, 'out', 'text', 'accepted')",
    )
      .bind(early, intl(phone))
      .run();
    const { applyStatusesStatement } = await import('./messages');
    await db.batch([applyStatusesStatement(db, early)]);
    expect(
      (await found<{ status: string }>('select status from whatsapp_messages where wamid = ?', early)).status,
    ).toBe('delivered');
  });
});

describe('the 24-hour window', () => {
  it('text inside it; 409 window_closed with the templates after it; a template after it', async () => {
    const phone = uniquePhone();
    // The guest wrote 25 hours ago (Meta's timestamp).
    const old = inboundPayload(intl(phone), 'G', newWamid(), new Date(Date.now() - 25 * 3600_000), {
      type: 'text',
      text: { body: 'hi' },
    });
    expect((await signedPost(old)).status).toBe(200);
    const closed = await staffSends(phone, { text: 'Your room is ready' });
    expect(closed.status).toBe(409);
    const refusal = await json<{ error: { code: string; templates: { name: string; language: string }[] } }>(
      closed,
    );
    expect(refusal.error.code).toBe('window_closed');
    expect(refusal.error.templates.map((t) => t.name)).toContain('booking_confirmation');
    expect(refusal.error.templates.every((t) => t.name !== 'seasonal_offer')).toBe(true);
    expect(await sentTo(phone)).toHaveLength(0);
    // A template goes, to a phone that consented.
    const noConsent = await staffSends(phone, {
      template: 'review_request',
      language: 'en',
      parameters: ['Khalid', 'https://x'],
    });
    expect(noConsent.status).toBe(409);
    expect((await json<{ error: { code: string } }>(noConsent)).error.code).toBe('whatsapp_not_opted_in');
    await env.DB.prepare(
      "insert into whatsapp_consents (phone, opted_in, source, changed_at) values (?, 1, 'profile', ?)",
    )
      .bind(intl(phone), Date.now())
      .run();
    const wrongCount = await staffSends(phone, {
      template: 'review_request',
      language: 'en',
      parameters: ['Khalid'],
    });
    expect(wrongCount.status).toBe(422);
    const pending = await staffSends(phone, {
      template: 'seasonal_offer',
      language: 'en',
      parameters: ['x'],
    });
    expect((await json<{ error: { code: string } }>(pending)).error.code).toBe('template_not_approved');
    const template = await staffSends(phone, {
      template: 'review_request',
      language: 'ar',
      parameters: ['خالد', 'https://x'],
    });
    expect(template.status, await template.clone().text()).toBe(201);
    const [sent] = await sentTo(phone);
    expect(sent).toMatchObject({
      // `+` and the country code, as Meta asks (no country code of the business put in front).
      to: `+${intl(phone)}`,
      type: 'template',
      template: { name: 'review_request', language: 'ar', parameters: ['خالد', 'https://x'] },
    });
    // On the guest's thread, as the staff member's, its body filled in.
    const [onThread] = (await threadMessagesOf(phone)).filter((m) => m.direction === 'out');
    expect(onThread).toMatchObject({ author_kind: 'staff', provider_message_id: sent!.wamid });
    expect(onThread!.body).toContain('خالد');
    // The guest writes again: text goes.
    await guestWrites(phone, { text: 'thanks' });
    const open = await staffSends(phone, { text: 'Your room is ready' });
    expect(open.status).toBe(201);
    expect((await sentTo(phone))[0]).toMatchObject({ type: 'text', text: 'Your room is ready' });
  });

  it('the fake holds the window too: free text past it fails with 131047, shown on the message', async () => {
    // (The app never sends it: this is the fake speaking Meta's rule, which the server mirrors.)
    const phone = uniquePhone();
    const res = await call(
      `${FAKE_WHATSAPP.apiPath}/${FAKE_WHATSAPP.version}/${FAKE_WHATSAPP.phoneNumberId}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_WHATSAPP.token}` },
        json: { messaging_product: 'whatsapp', to: intl(phone), type: 'text', text: { body: 'hi' } },
        env: { ...env },
      },
    );
    expect(res.status).toBe(200);
    const unauthorized = await call(
      `${FAKE_WHATSAPP.apiPath}/${FAKE_WHATSAPP.version}/${FAKE_WHATSAPP.phoneNumberId}/messages`,
      {
        method: 'POST',
        json: {},
        env: { ...env },
      },
    );
    expect(unauthorized.status).toBe(401);
    expect((await json<{ error: { code: number; type: string } }>(unauthorized)).error).toMatchObject({
      code: 190,
      type: 'OAuthException',
    });
  });
});

describe('consent and the automatic sends', () => {
  it('the confirmation goes once to a guest who opted in, never to one who did not', async () => {
    const staff = await staffCookie();
    const yes = uniquePhone();
    const no = uniquePhone();
    const optedIn = await book({ phoneNumber: yes, whatsappOptIn: true }, { lang: 'en' });
    const notOptedIn = await book({ phoneNumber: no });
    const consent = await found<{ opted_in: number; source: string; booking_id: number }>(
      'select opted_in, source, booking_id from whatsapp_consents where phone = ?',
      intl(yes),
    );
    expect(consent).toMatchObject({ opted_in: 1, source: 'booking', booking_id: optedIn.id });
    await setBookingStatus(optedIn.id, 'approved', { cookie: staff });
    await setBookingStatus(notOptedIn.id, 'approved', { cookie: staff });
    // Delivered in the day (quiet hours are their own test).
    await deliverWhatsApp(env, db, noon());
    await deliverWhatsApp(env, db, noon());
    const sent = await sentTo(yes);
    const confirmations = sent.filter((s) => s.template?.name === 'booking_confirmation');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.template).toMatchObject({ language: 'en' });
    expect(await sentTo(no)).toHaveLength(0);
    expect(await count('select count(*) as n from whatsapp_outbox where phone = ?', intl(no))).toBe(0);
    // Confirmed again (a deposit paid): still once.
    await setBookingStatus(optedIn.id, 'confirmed', { cookie: staff });
    await deliverWhatsApp(env, db, noon());
    expect((await sentTo(yes)).filter((s) => s.template?.name === 'booking_confirmation')).toHaveLength(1);
    // On the guest's thread, once: from the hotel (system), on WhatsApp, with its wamid and status.
    const onThread = await threadMessagesOf(yes);
    expect(onThread).toEqual([
      expect.objectContaining({
        direction: 'out',
        author_kind: 'system',
        channel: 'whatsapp',
        provider_message_id: confirmations[0]!.wamid,
        delivery_status: 'sent',
      }),
    ]);
    expect(onThread[0]!.body).toContain('is confirmed');
    expect(onThread[0]!.body).not.toContain('{{');
    expect(await threadMessagesOf(no)).toHaveLength(0);
    // Its statuses move it, as for any message.
    await call('/api/dev/whatsapp/status', {
      method: 'POST',
      json: { messageId: confirmations[0]!.wamid, status: 'delivered' },
    });
    expect((await threadMessagesOf(yes))[0]).toMatchObject({ delivery_status: 'delivered' });
  });

  it('"STOP" / "إيقاف" opts out, is acknowledged, and nothing more is sent', async () => {
    const phone = uniquePhone();
    const booking = await book({ phoneNumber: phone, whatsappOptIn: true });
    await guestWrites(phone, { text: 'إيقاف' });
    const consent = await found<{ opted_in: number; source: string }>(
      'select opted_in, source from whatsapp_consents where phone = ?',
      intl(phone),
    );
    expect(consent).toMatchObject({ opted_in: 0, source: 'stop' });
    await deliverWhatsApp(env, db, noon());
    const [ack] = await sentTo(phone);
    expect(ack).toMatchObject({ type: 'text' });
    expect(ack!.text).toContain('واتساب');
    await setBookingStatus(booking.id, 'approved');
    await deliverWhatsApp(env, db, noon());
    expect(await sentTo(phone)).toHaveLength(1);
    const queued = await one<{ status: string; last_error: string | null }>(
      "select status, last_error from whatsapp_outbox where phone = ? and kind = 'confirmation'",
      intl(phone),
    );
    // Not even queued: the consent was withdrawn before the approval's batch.
    expect(queued).toBeNull();
    // Staff cannot write either, until the guest writes again.
    expect((await staffSends(phone, { text: 'ok' })).status).toBe(409);
  });

  it('holds an automatic message between 22:00 and 08:00 Muscat time, unless the guest wrote in the last hour', async () => {
    const phone = uniquePhone();
    const booking = await book({ phoneNumber: phone, whatsappOptIn: true });
    await approveQueued(booking.id);
    const night = nextMuscat(23, 30);
    await deliverWhatsApp(env, db, night);
    expect(await sentTo(phone)).toHaveLength(0);
    const held = await found<{ status: string; next_attempt_at: number }>(
      "select status, next_attempt_at from whatsapp_outbox where phone = ? and kind = 'confirmation'",
      intl(phone),
    );
    expect(held.status).toBe('queued');
    const morning = new Date(night.getTime() + 8.5 * 3600_000);
    expect(held.next_attempt_at).toBe(morning.getTime());
    await deliverWhatsApp(env, db, new Date(morning.getTime() - 60_000));
    expect(await sentTo(phone)).toHaveLength(0);
    await deliverWhatsApp(env, db, morning);
    expect((await sentTo(phone)).map((s) => s.template?.name)).toEqual(['booking_confirmation']);

    // A guest who wrote at 23:10 hears back at 23:30 (by text: inside the window).
    const writer = uniquePhone();
    const b2 = await book({ phoneNumber: writer, whatsappOptIn: true }, { lang: 'en' });
    await approveQueued(b2.id);
    await env.DB.prepare(
      "insert into whatsapp_messages (wamid, phone, direction, kind, body, status, created_at) values (?, ?, 'in', 'text', 'is my room confirmed?', 'received', ?)",
    )
      .bind(newWamid(), intl(writer), night.getTime() - 20 * 60_000)
      .run();
    await deliverWhatsApp(env, db, night);
    const [text] = await sentTo(writer);
    expect(text).toMatchObject({ type: 'text' });
    expect(text!.text).toContain('is confirmed');
  });

  it('retries a provider failure with backoff, then marks it failed', async () => {
    const phone = uniquePhone();
    const booking = await book({ phoneNumber: phone, whatsappOptIn: true });
    // The confirmation's template withdrawn at the provider: refused until it is approved again.
    await call('/api/dev/whatsapp/templates', {
      method: 'POST',
      json: { name: 'booking_confirmation', language: 'ar', status: 'PAUSED' },
    });
    await call('/api/dev/whatsapp/templates', {
      method: 'POST',
      json: { name: 'booking_confirmation', language: 'en', status: 'PAUSED' },
    });
    await call('/api/admin/whatsapp/templates/refresh', { method: 'POST', cookie: await staffCookie() });
    try {
      await approveQueued(booking.id);
      let at = noon();
      await deliverWhatsApp(env, db, at);
      const first = await found<{
        status: string;
        attempts: number;
        next_attempt_at: number;
        last_error: string;
      }>(
        "select status, attempts, next_attempt_at, last_error from whatsapp_outbox where phone = ? and kind = 'confirmation'",
        intl(phone),
      );
      expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'template_not_approved' });
      expect(first.next_attempt_at - at.getTime()).toBe(60_000);
      for (let i = 0; i < 6; i++) {
        at = new Date(at.getTime() + 7 * 3600_000);
        if (at.getUTCHours() >= 18 || at.getUTCHours() < 4) at = new Date(at.getTime() + 10 * 3600_000);
        await deliverWhatsApp(env, db, at);
      }
      const last = await found<{ status: string; attempts: number }>(
        "select status, attempts from whatsapp_outbox where phone = ? and kind = 'confirmation'",
        intl(phone),
      );
      expect(last).toMatchObject({ status: 'failed', attempts: 6 });
      expect(await sentTo(phone)).toHaveLength(0);
      // Given up: on the guest's thread once (not at every try), with its error.
      expect(await threadMessagesOf(phone)).toEqual([
        expect.objectContaining({
          direction: 'out',
          author_kind: 'system',
          channel: 'whatsapp',
          provider_message_id: null,
          delivery_status: 'failed',
          delivery_error: 'template_not_approved',
        }),
      ]);
    } finally {
      for (const language of ['ar', 'en'])
        await call('/api/dev/whatsapp/templates', {
          method: 'POST',
          json: { name: 'booking_confirmation', language, status: 'APPROVED' },
        });
      await call('/api/admin/whatsapp/templates/refresh', { method: 'POST', cookie: await staffCookie() });
    }
  });
});

describe('who may', () => {
  it('housekeepers and guests cannot send or read; the dev controls do not exist in production', async () => {
    expect((await call('/api/admin/whatsapp/templates')).status).toBe(401);
    const production = { ...env, ENVIRONMENT: 'production' as const };
    expect((await call('/api/dev/whatsapp/sent', { env: production })).status).toBe(404);
    expect((await call('/api/whatsapp/webhook?hub.mode=subscribe', { env: production })).status).toBe(404);
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
