import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { count, json, one, rows, staffAccount, staffCookie, uniquePhone } from '@worker-test/builders';
import { signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { inboundPayload, metaJson, newWamid } from './fake/payloads';
import { fetchMedia } from './media';
import { whatsappSettings } from './config';

/**
 * Every kind of message a guest sends on WhatsApp, through the fake as Meta sends each (fake/README.md):
 * kept as what it is on the guest's thread (its kind, its medium, what else it carries), its medium
 * fetched by id then URL once into R2 and served only to the staff, a medium that cannot be had
 * recorded without refusing the webhook, a "Stop" quick reply or list reply taken as an opt-out,
 * and a guest with a username and no phone answered by their business-scoped user id.
 */
const intl = (phone: string) => (phone.length === 8 ? `968${phone}` : phone);

type Message = {
  id: number;
  kind: string;
  text: string;
  hasMedia: boolean;
  media: { type: string | null; state: string } | null;
  details: Record<string, unknown> | null;
  reactsTo: number | null;
  direction: string;
};
type Detail = {
  thread: { id: number; guest: { name: string | null; phone: string | null; whatsappUserId: string | null } };
  messages: Message[];
};

async function guestWrites(
  sender: { from: string } | { userId: string; username?: string },
  content: object,
) {
  const res = await call('/api/dev/whatsapp/inbound', { method: 'POST', json: { ...sender, ...content } });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json<{ wamid: string; status: number }>(res);
  expect(body.status).toBe(200);
  return body.wamid;
}

async function threadOf(address: string): Promise<Detail> {
  const thread = await one<{ id: number }>('select id from conversation_threads where phone = ?', address);
  expect(thread).not.toBeNull();
  return json<Detail>(await call(`/api/admin/inbox/${thread!.id}`, { cookie: await staffCookie() }));
}

async function signedPost(body: unknown) {
  const raw = metaJson(body);
  return call('/api/whatsapp/webhook', {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': await signatureOf(FAKE_WHATSAPP.appSecret, raw),
    },
  });
}

const r2Count = async () => (await env.IMAGES.list({ prefix: 'whatsapp/' })).objects.length;

beforeAll(async () => {
  const res = await call('/api/admin/whatsapp/templates/refresh', {
    method: 'POST',
    cookie: await staffCookie(),
  });
  expect(res.status).toBe(200);
});

describe('every kind, as what it is', () => {
  it('keeps text, image, voice note, video, document, sticker, location, contacts, button, interactive, reaction and unsupported, each with its kind, medium and details; media served to staff only', async () => {
    const phone = uniquePhone();
    const from = intl(phone);
    await guestWrites({ from }, { text: 'مرحباً\nهل الغرفة جاهزة؟', name: 'سالم' });
    // A message from the hotel the guest will react to.
    const sent = await call('/api/admin/whatsapp/messages', {
      method: 'POST',
      cookie: await staffCookie(),
      json: { phone, text: 'Your room is ready.' },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const hotelWamid = (await json<{ wamid: string }>(sent)).wamid;
    await guestWrites({ from }, { image: { caption: 'الإطلالة' } });
    await guestWrites({ from }, { audio: {} });
    await guestWrites({ from }, { video: { caption: 'the lobby' } });
    await guestWrites({ from }, { document: { filename: 'جواز السفر.pdf', caption: 'passport' } });
    await guestWrites({ from }, { sticker: {} });
    await guestWrites(
      { from },
      { location: { latitude: 23.588, longitude: 58.3829, name: 'Muttrah', address: 'Corniche\nMuscat' } },
    );
    await guestWrites(
      { from },
      { contacts: [{ name: 'Aisha Al Balushi', phones: ['+968 9123 4567'], emails: ['aisha@example.com'] }] },
    );
    await guestWrites({ from }, { button: { text: 'Confirm arrival', payload: 'confirm' } });
    await guestWrites(
      { from },
      {
        interactive: { type: 'list_reply', id: 'late', title: 'Late check-out', description: 'Until 14:00' },
      },
    );
    await guestWrites({ from }, { reaction: { messageId: hotelWamid, emoji: '👍' } });
    await guestWrites({ from }, { unsupported: { type: 'poll_creation' } });

    const { thread, messages } = await threadOf(phone);
    const guest = messages.filter((m) => m.direction === 'in');
    expect(guest.map((m) => [m.kind, m.hasMedia])).toEqual([
      ['text', false],
      ['image', true],
      ['audio', true],
      ['video', true],
      ['document', true],
      ['sticker', true],
      ['location', false],
      ['contacts', false],
      ['button', false],
      ['interactive', false],
      ['reaction', false],
      ['unsupported', false],
    ]);
    const byKind = Object.fromEntries(guest.map((m) => [m.kind, m]));
    expect(byKind.text!.text).toBe('مرحباً\nهل الغرفة جاهزة؟');
    expect(byKind.image).toMatchObject({ text: 'الإطلالة', media: { type: 'image/jpeg', state: 'stored' } });
    expect(byKind.audio).toMatchObject({
      media: { type: 'audio/ogg; codecs=opus', state: 'stored' },
      details: { voice: true },
    });
    expect(byKind.video).toMatchObject({ text: 'the lobby', media: { type: 'video/mp4', state: 'stored' } });
    expect(byKind.document).toMatchObject({
      text: 'passport',
      media: { type: 'application/pdf', state: 'stored' },
      details: { filename: 'جواز السفر.pdf' },
    });
    expect(byKind.sticker).toMatchObject({ media: { type: 'image/webp' }, details: { animated: false } });
    expect(byKind.location).toMatchObject({
      text: 'Muttrah\nCorniche\nMuscat',
      details: { latitude: 23.588, longitude: 58.3829, name: 'Muttrah', address: 'Corniche\nMuscat' },
    });
    expect(byKind.contacts!.details).toEqual({
      contacts: [{ name: 'Aisha Al Balushi', phones: ['+968 9123 4567'], emails: ['aisha@example.com'] }],
    });
    expect(byKind.button).toMatchObject({ text: 'Confirm arrival', details: { payload: 'confirm' } });
    expect(byKind.interactive).toMatchObject({
      text: 'Late check-out',
      details: { type: 'list_reply', replyId: 'late', description: 'Until 14:00' },
    });
    // The reaction sits on the hotel's message it is on.
    const hotelMessage = messages.find((m) => m.direction === 'out' && m.text === 'Your room is ready.');
    expect(byKind.reaction).toMatchObject({
      text: '👍',
      reactsTo: hotelMessage!.id,
      details: { emoji: '👍' },
    });
    expect(byKind.unsupported!.details).toMatchObject({ type: 'poll_creation' });

    // The media, to staff only: a picture in the page, a voice note by byte range, a document as a download.
    const media = (m: Message) => `/api/admin/inbox/${thread.id}/messages/${m.id}/media`;
    const staff = await staffCookie();
    const photo = await call(media(byKind.image!), { cookie: staff });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect([...new Uint8Array(await photo.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const voice = await call(media(byKind.audio!), { cookie: staff, headers: { range: 'bytes=0-3' } });
    expect(voice.status).toBe(206);
    expect(voice.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    expect(new TextDecoder().decode(await voice.arrayBuffer())).toBe('OggS');
    expect(
      (await call(media(byKind.audio!), { cookie: staff, headers: { range: 'bytes=99999999-' } })).status,
    ).toBe(416);
    expect(
      (await call(media(byKind.audio!), { cookie: staff, headers: { range: 'bytes=oops' } })).status,
    ).toBe(200);
    expect((await call(`/api/admin/inbox/${thread.id}/messages/x/media`, { cookie: staff })).status).toBe(
      400,
    );
    const pdf = await call(media(byKind.document!), { cookie: staff });
    expect(pdf.headers.get('content-type')).toBe('application/octet-stream');
    expect(pdf.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('جواز السفر.pdf')}`,
    );
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // Nobody else: signed out, a housekeeper, another thread's id, a message without a medium.
    expect((await call(media(byKind.image!))).status).toBe(401);
    const housekeeper = await staffAccount({ role: 'housekeeper' });
    expect((await call(media(byKind.image!), { cookie: housekeeper.cookie })).status).toBe(403);
    expect(
      (
        await call(`/api/admin/inbox/${thread.id + 1000}/messages/${byKind.image!.id}/media`, {
          cookie: staff,
        })
      ).status,
    ).toBe(404);
    expect((await call(media(byKind.text!), { cookie: staff })).status).toBe(404);
  });
});

describe('a medium kept once', () => {
  it('a redelivered image webhook is neither fetched nor stored again; a STOP delivered again does not opt out a guest who wrote since', async () => {
    const phone = uniquePhone();
    const from = intl(phone);
    // A front-desk tablet that hears of each guest message by Web Push.
    const desk = await one<{ id: number }>("select id from users where role = 'staff' order by id limit 1");
    await env.DB.prepare(
      "insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang) values (?, 'k', 'a', ?, 'staff', 'ar')",
    )
      .bind(`https://push.example/${phone}`, desk!.id)
      .run();
    const wamid = await guestWrites({ from }, { image: { caption: 'once' } });
    const kept = (await one<{ media_id: string; media_key: string; created_at: number }>(
      'select media_id, media_key, created_at from whatsapp_messages where wamid = ?',
      wamid,
    ))!;
    const pushes = () =>
      count(
        "select count(*) as n from push_outbox where kind = 'conversation_message_received' and subject_id = (select id from conversation_messages where provider_message_id = ?)",
        wamid,
      );
    expect(await pushes()).toBe(1);
    expect(kept.media_key).toMatch(/^whatsapp\//);
    const objects = await r2Count();
    // Meta delivers the same webhook again (it heard no 200 in time): the same body, timestamp included.
    const again = inboundPayload(from, 'Guest', wamid, new Date(kept.created_at), {
      type: 'image',
      image: { id: kept.media_id, mime_type: 'image/jpeg', sha256: 'x', caption: 'once' },
    });
    expect((await signedPost(again)).status).toBe(200);
    expect((await signedPost(again)).status).toBe(200);
    expect(await r2Count()).toBe(objects);
    expect(
      await one('select media_key, media_attempts from whatsapp_messages where wamid = ?', wamid),
    ).toEqual({ media_key: kept.media_key, media_attempts: 1 });
    expect(
      await count('select count(*) as n from conversation_messages where provider_message_id = ?', wamid),
    ).toBe(1);
    // Staff were told of it once.
    expect(await pushes()).toBe(1);
    // Nor does a later try fetch a medium already kept.
    const db = drizzle(env.DB);
    expect(
      await fetchMedia(env, db, whatsappSettings(env)!, new Date(Date.now() + 3600_000), [wamid]),
    ).toEqual([]);
    expect(await r2Count()).toBe(objects);

    // A STOP, then the guest writes again (which lifts it), then Meta repeats the STOP's webhook.
    const stop = await guestWrites({ from }, { button: { text: 'Stop', payload: 'stop' } });
    const stopped = await one<{ opted_in: number; changed_at: number }>(
      'select opted_in, changed_at from whatsapp_consents where phone = ?',
      phone,
    );
    expect(stopped!.opted_in).toBe(0);
    // A second later (Meta's timestamps are in seconds).
    await guestWrites(
      { from },
      { text: 'Sorry, wrong button', timestamp: Math.floor(stopped!.changed_at / 1000) + 1 },
    );
    const stopAt = await one<{ created_at: number }>(
      'select created_at from whatsapp_messages where wamid = ?',
      stop,
    );
    const repeat = inboundPayload(from, 'Guest', stop, new Date(stopAt!.created_at), {
      type: 'button',
      button: { payload: 'stop', text: 'Stop' },
    });
    expect((await signedPost(repeat)).status).toBe(200);
    expect(await one('select opted_in, changed_at from whatsapp_consents where phone = ?', phone)).toEqual(
      stopped,
    );
    const reply = await call('/api/admin/whatsapp/messages', {
      method: 'POST',
      cookie: await staffCookie(),
      json: { phone, text: 'No problem.' },
    });
    expect(reply.status, await reply.clone().text()).toBe(201);
  });

  it('a medium gone for good is recorded on its message (webhook 200); one failing for now is tried again and kept; one over Meta’s size is not fetched', async () => {
    const phone = uniquePhone();
    const from = intl(phone);
    const gone = await guestWrites({ from }, { image: { caption: 'expired', fail: 'gone' } });
    const flaky = await guestWrites({ from }, { audio: { fail: 'unavailable' } });
    const large = await guestWrites({ from }, { video: { size: 17 * 1024 * 1024 } });
    const state = (wamid: string) =>
      one<{ media_state: string; media_error: string | null; media_key: string | null }>(
        'select media_state, media_error, media_key from whatsapp_messages where wamid = ?',
        wamid,
      );
    expect(await state(gone)).toMatchObject({ media_state: 'failed', media_key: null });
    expect(await state(large)).toMatchObject({ media_state: 'failed', media_error: 'media too large' });
    expect(await state(flaky)).toMatchObject({ media_state: 'pending', media_key: null });
    const { messages } = await threadOf(phone);
    expect(messages.map((m) => [m.kind, m.media?.state, m.hasMedia])).toEqual([
      ['image', 'failed', false],
      ['audio', 'pending', false],
      ['video', 'failed', false],
    ]);
    expect(messages[0]!.text).toBe('expired');
    expect(messages[0]!.details).toMatchObject({ mediaError: expect.any(String) });

    // The fake answers again; the next try (a minute on) keeps it.
    await env.DB.prepare('update fake_whatsapp_media set fail = null').run();
    const settings = whatsappSettings(env)!;
    const db = drizzle(env.DB);
    expect(await fetchMedia(env, db, settings, new Date())).toEqual([]);
    expect(await fetchMedia(env, db, settings, new Date(Date.now() + 2 * 60_000))).toEqual([flaky]);
    expect((await state(flaky))!.media_state).toBe('stored');
    expect((await threadOf(phone)).messages[1]).toMatchObject({ hasMedia: true, media: { state: 'stored' } });
    // Stored once: never fetched again.
    expect(await fetchMedia(env, db, settings, new Date(Date.now() + 24 * 3600_000))).toEqual([]);
  });
});

describe('"Stop" as a reply button', () => {
  it('a quick reply "STOP" or a list reply "إيقاف" opts the guest out, as the text does', async () => {
    for (const [content, lang] of [
      [{ button: { text: 'STOP', payload: 'unsubscribe' } }, 'en'],
      [{ interactive: { type: 'button_reply', id: 'stop', title: 'إيقاف' } }, 'ar'],
    ] as const) {
      const phone = uniquePhone();
      await guestWrites({ from: intl(phone) }, content);
      expect(await one('select opted_in, source from whatsapp_consents where phone = ?', phone)).toEqual({
        opted_in: 0,
        source: 'stop',
      });
      expect(
        await one("select kind, lang from whatsapp_outbox where phone = ? and kind = 'opt_out_ack'", phone),
      ).toEqual({ kind: 'opt_out_ack', lang });
    }
  });
});

describe('a guest with a username', () => {
  it('writes without a phone (from_user_id only), gets a thread, and is answered by their user id; a message with both later joins the phone’s thread', async () => {
    const userId = `OM.${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await guestWrites(
      { userId, username: '@maryam.trips' },
      { name: 'Maryam', text: 'Do you have parking?' },
    );
    const { thread, messages } = await threadOf(userId);
    expect(thread.guest).toMatchObject({ name: 'Maryam', phone: null, whatsappUserId: userId });
    expect(messages).toHaveLength(1);
    const reply = await call(`/api/admin/inbox/${thread.id}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { text: 'Yes, free parking for guests.' },
    });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const sent = (
      await json<{ to: string; payload: Record<string, unknown> }[]>(await call('/api/dev/whatsapp/sent'))
    ).find((s) => s.to === userId);
    expect(sent?.payload).toMatchObject({
      recipient: userId,
      type: 'text',
      text: { body: 'Yes, free parking for guests.' },
    });
    expect(sent?.payload).not.toHaveProperty('to');
    const answered = (await threadOf(userId)).messages.at(-1)!;
    expect(answered).toMatchObject({ direction: 'out', text: 'Yes, free parking for guests.' });
    expect(
      (
        await one<{ delivery_status: string }>(
          'select delivery_status from conversation_messages where id = ?',
          answered.id,
        )
      )?.delivery_status,
    ).toBe('sent');

    // Another guest writes with their phone and user id; then Meta withholds the phone: the id finds
    // the phone's thread.
    const phone = uniquePhone();
    const other = `OM.${Date.now()}7`;
    const first = inboundPayload(
      intl(phone),
      'Hamad',
      newWamid(),
      new Date(),
      { type: 'text', text: { body: 'hi' } },
      {
        userId: other,
      },
    );
    expect((await signedPost(first)).status).toBe(200);
    await guestWrites({ userId: other }, { text: 'It is me again, number hidden' });
    expect((await threadOf(phone)).messages.map((m) => m.text)).toEqual([
      'hi',
      'It is me again, number hidden',
    ]);
    expect(await count('select count(*) as n from conversation_threads where phone = ?', other)).toBe(0);
  });
});

describe('the fake speaks Meta', () => {
  it('escapes non-ASCII as \\uXXXX and / as \\/, and its media URL needs the bearer token and expires', async () => {
    const phone = uniquePhone();
    const wamid = await guestWrites({ from: intl(phone) }, { image: { caption: 'غرفة 12/ب' } });
    const mediaId = (await one<{ media_id: string }>(
      'select media_id from whatsapp_messages where wamid = ?',
      wamid,
    ))!.media_id;
    const graph = `/dev/whatsapp/graph/${FAKE_WHATSAPP.version}/${mediaId}`;
    expect((await call(graph)).status).toBe(401);
    const meta = await json<{ url: string; mime_type: string; file_size: number; id: string }>(
      await call(graph, { headers: { authorization: `Bearer ${FAKE_WHATSAPP.token}` } }),
    );
    expect(meta).toMatchObject({ mime_type: 'image/jpeg', id: mediaId });
    const path = new URL(meta.url).pathname + new URL(meta.url).search;
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { headers: { authorization: `Bearer ${FAKE_WHATSAPP.token}` } })).status).toBe(
      403,
    );
    const bytes = await call(path, {
      headers: { authorization: `Bearer ${FAKE_WHATSAPP.token}`, 'user-agent': 'test' },
    });
    expect(bytes.status).toBe(200);
    expect(Number(bytes.headers.get('content-length'))).toBe(meta.file_size);
    const expired = path.replace(/ext=\d+/, `ext=${Math.floor(Date.now() / 1000) - 1}`);
    expect(
      (
        await call(expired, {
          headers: { authorization: `Bearer ${FAKE_WHATSAPP.token}`, 'user-agent': 'test' },
        })
      ).status,
    ).toBe(404);
    expect(metaJson({ caption: 'غرفة 12/ب 👍' })).toBe(
      '{"caption":"\\u063a\\u0631\\u0641\\u0629 12\\/\\u0628 \\ud83d\\udc4d"}',
    );
    expect(
      (await rows<{ body: string }>('select body from whatsapp_messages where wamid = ?', wamid))[0]!.body,
    ).toBe('غرفة 12/ب');
  });
});
