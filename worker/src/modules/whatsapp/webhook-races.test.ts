import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { count, one, staffCookie, uniquePhone } from '@worker-test/builders';
import { signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { SAMPLE_PHOTO } from './fake/samples';
import { metaJson, newWamid } from './fake/payloads';

/**
 * Meta retries a delivery it heard no 200 for, and two copies of one delivery can arrive at once.
 * Each message is kept once by its wamid; what follows from it (the staff's Web Push, the live
 * inbox's event, the thread's unread count, an opt-out's consent and acknowledgement, its medium in
 * R2) follows from the copy whose insert kept it, never from both.
 */

/** Two copies of one signed delivery, sent at the same time; both answered 200. */
async function deliverTwiceAtOnce(body: unknown) {
  const raw = metaJson(body);
  const signature = await signatureOf(FAKE_WHATSAPP.appSecret, raw);
  const send = () =>
    call('/api/whatsapp/webhook', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
}

/** A delivery of these messages from one guest, as Meta sends it (fake/payloads.ts's envelope). */
function delivery(from: string, messages: Record<string, unknown>[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_WHATSAPP.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: FAKE_WHATSAPP.displayPhoneNumber,
                phone_number_id: FAKE_WHATSAPP.phoneNumberId,
              },
              contacts: [{ profile: { name: 'Race Guest' }, wa_id: from }],
              messages,
            },
          },
        ],
      },
    ],
  };
}

/** The staff socket's `message` events, per thread, as the live inbox (the Durable Object) sends them. */
async function staffSocket() {
  const res = await call('/api/live?as=staff', {
    cookie: await staffCookie(),
    headers: { upgrade: 'websocket' },
  });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const events: { type: string; threadId: number; messageId: number }[] = [];
  ws.addEventListener('message', (e) => {
    const event = JSON.parse(String(e.data));
    if (event.type === 'message') events.push(event);
  });
  return { events, close: () => ws.close() };
}

describe('two copies of one delivery at once', () => {
  it('keep each message once and do what follows from it once: push, live event, unread, opt-out, medium', async () => {
    const phone = uniquePhone();
    // A front-desk tablet that hears of each guest message by Web Push.
    const endpoint = `https://push.example/race-${phone}`;
    const desk = await one<{ id: number }>("select id from users where role = 'staff' order by id limit 1");
    await env.DB.prepare(
      "insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang) values (?, 'k', 'a', ?, 'staff', 'ar')",
    )
      .bind(endpoint, desk!.id)
      .run();
    // The guest's photo, kept at the fake Cloud API (its media endpoints serve it by this id).
    const mediaId = `race${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await env.DB.prepare(
      "insert into fake_whatsapp_media (id, mime_type, sha256, bytes_base64) values (?, 'image/jpeg', 'x', ?)",
    )
      .bind(mediaId, SAMPLE_PHOTO.base64)
      .run();
    const objects = async () => (await env.IMAGES.list({ prefix: 'whatsapp/' })).objects.length;
    const before = await objects();
    const live = await staffSocket();

    const timestamp = String(Math.floor(Date.now() / 1000) - 5);
    const text = {
      from: phone,
      id: newWamid(),
      timestamp,
      type: 'text',
      text: { body: 'Is breakfast at 7?' },
    };
    const image = {
      from: phone,
      id: newWamid(),
      timestamp,
      type: 'image',
      image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'x', caption: 'my car' },
    };
    const stop = { from: phone, id: newWamid(), timestamp, type: 'text', text: { body: 'STOP' } };
    // Each copy also carries the text twice (a delivery that repeats a message within itself).
    await deliverTwiceAtOnce(delivery(phone, [text, image, text, stop]));
    // The live events are sent after each answer (waitUntil, awaited by `call`); the socket reads
    // the two expected within 2 seconds, then any third a little after.
    for (let waited = 0; live.events.length < 2 && waited < 2000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));

    const wamids = [text.id, image.id, stop.id];
    for (const wamid of wamids) {
      expect(await count('select count(*) as n from whatsapp_messages where wamid = ?', wamid)).toBe(1);
      expect(
        await count('select count(*) as n from conversation_messages where provider_message_id = ?', wamid),
      ).toBe(1);
      // The desk's tablet is told of each message once.
      expect(
        await count(
          `select count(*) as n from push_outbox where kind = 'conversation_message_received' and subject_id =
            (select id from conversation_messages where provider_message_id = ?)
            and subscription_id = (select id from push_subscriptions where endpoint = ?)`,
          wamid,
          endpoint,
        ),
        `push for ${wamid}`,
      ).toBe(1);
    }
    const thread = await one<{ id: number; unread_staff: number }>(
      'select id, unread_staff from conversation_threads where phone = ?',
      phone,
    );
    expect(thread!.unread_staff).toBe(3);
    // The opt-out: the consent withdrawn, its acknowledgement queued once.
    expect(await one('select opted_in, source from whatsapp_consents where phone = ?', phone)).toEqual({
      opted_in: 0,
      source: 'stop',
    });
    expect(
      await count(
        "select count(*) as n from whatsapp_outbox where phone = ? and kind = 'opt_out_ack'",
        phone,
      ),
    ).toBe(1);
    // The photo fetched once, into one R2 object.
    expect(
      await one('select media_state, media_attempts from whatsapp_messages where wamid = ?', image.id),
    ).toEqual({ media_state: 'stored', media_attempts: 1 });
    expect(await objects()).toBe(before + 1);
    // The open inbox hears of the thread once at the commit and once when the photo is stored.
    const mine = live.events.filter((e) => e.threadId === thread!.id);
    live.close();
    expect(mine).toHaveLength(2);
  });

  it('a repeat of a message kept earlier, twice at once, does nothing again', async () => {
    const phone = uniquePhone();
    const text = {
      from: phone,
      id: newWamid(),
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'text',
      text: { body: 'Late checkout please' },
    };
    await deliverTwiceAtOnce(delivery(phone, [text]));
    const live = await staffSocket();
    await deliverTwiceAtOnce(delivery(phone, [text, text]));
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await count('select count(*) as n from conversation_messages where provider_message_id = ?', text.id),
    ).toBe(1);
    const thread = await one<{ id: number; unread_staff: number }>(
      'select id, unread_staff from conversation_threads where phone = ?',
      phone,
    );
    expect(thread!.unread_staff).toBe(1);
    expect(live.events.filter((e) => e.threadId === thread!.id)).toEqual([]);
    live.close();
  });
});
