import { describe, expect, it } from 'vitest';
import { WHATSAPP_WINDOW_MS } from '@shared/whatsapp';
import { call } from '@worker-test/helpers';
import { codeOf, count, json, one, rows, staffCookie, uniquePhone } from '@worker-test/builders';
import { signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { inboundPayload, metaJson, newWamid, statusPayload } from './fake/payloads';

/**
 * A delivery as Meta makes it (fake/README.md quotes the references): up to 3 MB, its text escaped
 * (non-ASCII as \uXXXX, `/` as `\/`) and signed over those bytes; never refused as a whole for one
 * item it carries (a line break, a tab, a message of a type unknown here, one that cannot be read,
 * more than 100 messages); a change for another number of the account left out; a timestamp that
 * does not keep WhatsApp's 24-hour window open; and the open inbox told within 2 seconds.
 */
const intl = (phone: string) => (phone.length === 8 ? `968${phone}` : phone);

async function post(raw: string, init: { signature?: string | null; chunked?: boolean } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!init.chunked) headers['content-length'] = String(new TextEncoder().encode(raw).byteLength);
  if (init.signature !== null)
    headers['x-hub-signature-256'] = init.signature ?? (await signatureOf(FAKE_WHATSAPP.appSecret, raw));
  // A body sent in chunks, without Content-Length (the limit is counted as it is read).
  const body = init.chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(raw);
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
          controller.close();
        },
      })
    : raw;
  return call('/api/whatsapp/webhook', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

/** One change of the hotel's number carrying `messages` (and `statuses`), as Meta sends it. */
function change(value: Record<string, unknown>, phoneNumberId: string = FAKE_WHATSAPP.phoneNumberId) {
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
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const now = () => String(Math.floor(Date.now() / 1000));
const text = (from: string, body: string, id = newWamid()) => ({
  from,
  id,
  timestamp: now(),
  type: 'text',
  text: { body },
});

describe('a delivery up to 3 MB', () => {
  it('takes long Arabic messages escaped as Meta escapes them, checks the signature over those bytes, and refuses past 3 MB', async () => {
    const phone = uniquePhone();
    // A long Arabic message with a link, as a guest pastes one: 4,000 characters, each 6 bytes escaped.
    const long = (i: number) =>
      `${i}: `.concat('مرحباً، نودّ حجز غرفتين لعائلتنا مع إطلالة على البحر '.repeat(80)).slice(0, 3990) +
      ' https://maps.app/x';
    const body = change({
      contacts: [{ profile: { name: 'عائلة الحارثي' }, wa_id: intl(phone) }],
      messages: Array.from({ length: 60 }, (_, i) => text(intl(phone), long(i))),
    });
    const raw = metaJson(body);
    expect(raw).toContain('\\u0645\\u0631\\u062d');
    expect(raw).toContain('https:\\/\\/maps.app\\/x');
    expect(raw.length).toBeGreaterThan(1024 * 1024);
    expect(raw.length).toBeLessThan(3 * 1024 * 1024);

    // Signed over other bytes (the same JSON unescaped): refused, nothing kept.
    const forged = await post(raw, {
      signature: await signatureOf(FAKE_WHATSAPP.appSecret, JSON.stringify(body)),
    });
    expect(forged.status).toBe(401);
    const res = await post(raw);
    expect(res.status, await res.clone().text()).toBe(200);
    const kept = await rows<{ body: string }>(
      "select body from whatsapp_messages where phone = ? and direction = 'in' order by id",
      phone,
    );
    expect(kept).toHaveLength(60);
    expect(kept[7]!.body).toBe(long(7));
    expect(
      await count(
        "select count(*) as n from conversation_messages m join conversation_threads t on t.id = m.thread_id where t.phone = ? and m.body like '%https://maps.app/x'",
        phone,
      ),
    ).toBe(60);

    // Past 3 MB: 413 before anything is read, with or without Content-Length.
    const huge = metaJson(
      change({ messages: Array.from({ length: 160 }, (_, i) => text(intl(phone), long(i + 100))) }),
    );
    expect(huge.length).toBeGreaterThan(3 * 1024 * 1024);
    const tooLarge = await post(huge);
    expect(tooLarge.status).toBe(413);
    expect((await codeOf(tooLarge)).code).toBe('payload_too_large');
    const chunked = await post(huge, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(
      await count("select count(*) as n from whatsapp_messages where phone = ? and direction = 'in'", phone),
    ).toBe(60);
  });
});

describe('one item never refuses a delivery', () => {
  it('keeps line breaks and tabs, an unknown type and an unreadable message as unsupported, skips one with no id, keeps 150 messages of one change, and answers 200', async () => {
    const phone = uniquePhone();
    const from = intl(phone);
    const sent = newWamid();
    const many = Array.from({ length: 150 }, (_, i) => text(from, `batch ${i}`));
    const body = change({
      contacts: [{ profile: { name: 'Line\tBreaker' }, wa_id: from }],
      messages: [
        text(from, 'First line\nsecond line\n\tindented\r\nlast'),
        {
          from,
          id: newWamid(),
          timestamp: now(),
          type: 'location',
          location: {
            latitude: 23.6,
            longitude: 58.5,
            name: 'Home',
            address: 'Way 3021\nBuilding 7\nMuscat',
          },
        },
        // A type this app does not know (an order from a catalogue).
        {
          from,
          id: newWamid(),
          timestamp: now(),
          type: 'order',
          order: { catalog_id: '1', product_items: [] },
        },
        // An image whose object cannot be read (no media id).
        { from, id: newWamid(), timestamp: now(), type: 'image', image: { caption: 'no id' } },
        // No id at all: cannot be kept once, so skipped (and named in the log).
        { from, timestamp: now(), type: 'text', text: { body: 'who am I?' } },
        // A control character inside a text: dropped, the text kept.
        text(from, 'bell\u0007 rings'),
        ...many,
      ],
      statuses: [
        // A failure whose words run over lines.
        ...(
          statusPayload(sent, from, 'failed', new Date(), {
            code: 131026,
            title: 'Message undeliverable.\nThe number is not on WhatsApp.',
            message: 'x',
            details: 'y',
          }).entry[0]!.changes[0]!.value as unknown as { statuses: unknown[] }
        ).statuses,
        { id: newWamid(), status: 'deleted', timestamp: now(), recipient_id: from },
      ],
    });
    const res = await post(metaJson(body));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ received: true, skipped: 2 });
    const kept = await rows<{ kind: string; body: string }>(
      "select kind, body from whatsapp_messages where phone = ? and direction = 'in' order by id",
      phone,
    );
    expect(kept).toHaveLength(155);
    expect(kept.slice(0, 5)).toEqual([
      { kind: 'text', body: 'First line\nsecond line\n\tindented\r\nlast' },
      { kind: 'location', body: 'Home\nWay 3021\nBuilding 7\nMuscat' },
      { kind: 'unsupported', body: '' },
      { kind: 'unsupported', body: '' },
      { kind: 'text', body: 'bell rings' },
    ]);
    expect(kept.at(-1)!.body).toBe('batch 149');
    const unsupported = await rows<{ details: string }>(
      "select m.details from conversation_messages m join conversation_threads t on t.id = m.thread_id where t.phone = ? and m.kind = 'unsupported' order by m.id",
      phone,
    );
    expect(unsupported.map((u) => JSON.parse(u.details))).toEqual([
      { type: 'order' },
      { type: 'image', description: 'unreadable' },
    ]);
    // The failure's words are kept with their line break.
    expect(
      (
        await one<{ error_title: string }>(
          'select error_title from whatsapp_status_events where wamid = ?',
          sent,
        )
      )?.error_title,
    ).toBe('Message undeliverable.\nThe number is not on WhatsApp.');
    // The guest's profile name, with its tab, names the thread.
    expect(
      (
        await one<{ guest_name: string }>(
          'select guest_name from conversation_threads where phone = ?',
          phone,
        )
      )?.guest_name,
    ).toBe('Line\tBreaker');
  });
});

describe('which number was written to', () => {
  it('leaves out a change for another number of the same WhatsApp account (200, logged), keeps the hotel’s', async () => {
    const phone = uniquePhone();
    const res = await call('/api/dev/whatsapp/inbound', {
      method: 'POST',
      json: { from: intl(phone), text: 'For the other hotel', phoneNumberId: '109999999999999' },
    });
    const answer = await json<{ status: number; answer: { skipped: number; messages: number } }>(res);
    expect(answer.status).toBe(200);
    expect(answer.answer).toMatchObject({ messages: 0, skipped: 1 });
    expect(await count('select count(*) as n from whatsapp_messages where phone = ?', phone)).toBe(0);
    expect(await count('select count(*) as n from conversation_threads where phone = ?', phone)).toBe(0);
    // A delivery with both: the hotel's change kept, the other's left out.
    const mine = change({ messages: [text(intl(phone), 'For this hotel')] });
    const other = change({ messages: [text(intl(phone), 'Not for us')] }, '109999999999999');
    mine.entry.push(...other.entry);
    expect((await post(metaJson(mine))).status).toBe(200);
    expect(
      (await rows<{ body: string }>('select body from whatsapp_messages where phone = ?', phone)).map(
        (r) => r.body,
      ),
    ).toEqual(['For this hotel']);
  });
});

describe('the 24-hour window', () => {
  const windowOf = async (phone: string) => {
    const thread = await one<{ id: number }>('select id from conversation_threads where phone = ?', phone);
    const detail = await json<{ thread: { whatsapp: { windowOpen: boolean; windowUntil: string | null } } }>(
      await call(`/api/admin/inbox/${thread!.id}`, { cookie: await staffCookie() }),
    );
    return detail.thread.whatsapp;
  };

  it('is judged from when the message came, never a timestamp in the future; a late old delivery does not close it', async () => {
    const phone = uniquePhone();
    const before = Date.now();
    // A clock in the year 2500.
    const res = await call('/api/dev/whatsapp/inbound', {
      method: 'POST',
      json: { from: intl(phone), text: 'from the future', timestamp: 16_725_225_600 },
    });
    expect((await json<{ status: number }>(res)).status).toBe(200);
    const window = await windowOf(phone);
    expect(window.windowOpen).toBe(true);
    expect(Date.parse(window.windowUntil!)).toBeLessThanOrEqual(Date.now() + WHATSAPP_WINDOW_MS);
    expect(Date.parse(window.windowUntil!)).toBeGreaterThanOrEqual(before + WHATSAPP_WINDOW_MS - 2000);
    const kept = await one<{ created_at: number }>(
      'select created_at from whatsapp_messages where phone = ?',
      phone,
    );
    expect(kept!.created_at).toBeLessThanOrEqual(Date.now());

    // A message written 23 hours ago, delivered only now (Meta retried it): the window still
    // runs from the newer one.
    const late = await call('/api/dev/whatsapp/inbound', {
      method: 'POST',
      json: {
        from: intl(phone),
        text: 'sent yesterday',
        timestamp: Math.floor((Date.now() - 23 * 3600_000) / 1000),
      },
    });
    expect((await json<{ status: number }>(late)).status).toBe(200);
    expect(Date.parse((await windowOf(phone)).windowUntil!)).toBeGreaterThanOrEqual(
      before + WHATSAPP_WINDOW_MS - 2000,
    );
  });
});

describe('live', () => {
  it('a guest’s WhatsApp message reaches a connected staff socket within 2 seconds, through the hotel’s Durable Object', async () => {
    const socketRes = await call('/api/live?as=staff', {
      cookie: await staffCookie(),
      headers: { upgrade: 'websocket' },
    });
    expect(socketRes.status).toBe(101);
    const ws = socketRes.webSocket!;
    ws.accept();
    const arrived = new Promise<{ type: string; threadId: number; messageId: number; direction: string }>(
      (resolve) =>
        ws.addEventListener('message', (e) => {
          const event = JSON.parse(String(e.data));
          if (event.type === 'message') resolve(event);
        }),
    );
    const phone = uniquePhone();
    const started = Date.now();
    const raw = metaJson(
      inboundPayload(intl(phone), 'Live on WhatsApp', newWamid(), new Date(), {
        type: 'text',
        text: { body: 'Is the pool open?' },
      }),
    );
    expect((await post(raw)).status).toBe(200);
    const event = await Promise.race([arrived, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    expect(Date.now() - started).toBeLessThan(2000);
    const thread = await one<{ id: number }>('select id from conversation_threads where phone = ?', phone);
    const message = await one<{ id: number }>(
      'select id from conversation_messages where thread_id = ?',
      thread!.id,
    );
    expect(event).toEqual({ type: 'message', threadId: thread!.id, messageId: message!.id, direction: 'in' });
    ws.close();
  });
});
