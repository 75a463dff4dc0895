import { describe, expect, it } from 'vitest';
import { book, grantCookie, json, one, staffCookie, uniquePhone } from '@worker-test/builders';
import { call, phoneProof, signUp } from '@worker-test/helpers';

/**
 * The guest's own chat holds what they sent on WhatsApp once their account proved the phone
 * (phone-threads.test.ts): every kind, as the inbox has it (`kind`, `hasMedia`, `details`, a
 * reaction's `reactsTo`), and their media from `GET /api/messages/:messageId/media`, under the
 * chat's own rule: only the reader of that thread, never another guest, a booking's link made
 * with the same phone, or an account that has not proved the phone.
 */
type Message = {
  id: number;
  kind: string;
  text: string;
  hasMedia: boolean;
  channel: string;
  direction: string;
  details: Record<string, unknown> | null;
  reactsTo: number | null;
};

async function ownerSends(phone: string, content: object) {
  const res = await call('/api/dev/whatsapp/inbound', { method: 'POST', json: { from: phone, ...content } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ wamid: string }>(res)).wamid;
}

describe('the guest’s chat with WhatsApp’s kinds', () => {
  it('lists each kind with its medium, and serves the guest their own media only', async () => {
    const phone = uniquePhone();
    const guest = await signUp('Kinds Guest');
    const booking = await book({ fullName: 'Kinds Guest', phoneNumber: phone }, { cookie: guest.cookie });
    const hello = await call('/api/messages', {
      method: 'POST',
      cookie: guest.cookie,
      json: { text: 'Hi from the app', bookingId: booking.id },
    });
    expect(hello.status, await hello.clone().text()).toBe(201);
    await ownerSends(phone, { image: { caption: 'The view from 304' } });
    await ownerSends(phone, { audio: {} });
    await ownerSends(phone, {
      location: { latitude: 23.588, longitude: 58.3829, name: 'Muttrah Corniche', address: 'Muscat' },
    });
    await ownerSends(phone, {
      contacts: [{ name: 'سالم', phones: ['+968 9123 4567'] }],
    });
    const thread = await one<{ id: number }>(
      'select thread_id as id from conversation_messages where body = ?',
      'Hi from the app',
    );
    // The desk answers on WhatsApp; the guest reacts to the answer.
    const answer = await call(`/api/admin/inbox/${thread!.id}/messages`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { text: 'Welcome!' },
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const answered = await one<{ provider_message_id: string }>(
      "select provider_message_id from conversation_messages where thread_id = ? and body = 'Welcome!'",
      thread!.id,
    );
    await ownerSends(phone, { reaction: { messageId: answered!.provider_message_id, emoji: '👍' } });
    await ownerSends(phone, { unsupported: { type: 'poll_creation' } });

    const proven = `${guest.cookie}; ${await phoneProof(phone)}`;
    const read = async (cookie: string, query = '') => {
      const res = await call(`/api/messages${query}`, { cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await json<{ messages: Message[] }>(res)).messages;
    };
    const messages = await read(proven);
    expect(messages.map((m) => [m.kind, m.hasMedia])).toEqual([
      ['text', false],
      ['image', true],
      ['audio', true],
      ['location', false],
      ['contacts', false],
      ['text', false],
      ['reaction', false],
      ['unsupported', false],
    ]);
    const byKind = Object.fromEntries(messages.map((m) => [m.kind, m]));
    expect(byKind.location!.details).toMatchObject({
      latitude: 23.588,
      longitude: 58.3829,
      name: 'Muttrah Corniche',
    });
    expect(byKind.contacts!.details).toMatchObject({
      contacts: [{ name: 'سالم', phones: ['+968 9123 4567'] }],
    });
    expect(byKind.reaction!.reactsTo).toBe(messages[5]!.id);

    const media = (m: Message, query = '') => `/api/messages/${m.id}/media${query}`;
    // The guest's own photo, whole and by range; from the booking's page too (the same account's thread).
    const photo = await call(media(byKind.image!), { cookie: proven });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    const size = (await photo.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(100);
    const part = await call(media(byKind.audio!, `?bookingId=${booking.id}`), {
      cookie: proven,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(10);

    // Nobody else: the account before it proved the phone, signed out, another account, a link to a
    // booking made with the same phone, a message without a medium, an id that is not one.
    expect((await call(media(byKind.image!), { cookie: guest.cookie })).status).toBe(404);
    expect((await call(media(byKind.image!))).status).toBe(401);
    const other = await signUp('Other Guest');
    expect(
      (await call(media(byKind.image!), { cookie: `${other.cookie}; ${await phoneProof(phone)}` })).status,
    ).toBe(404);
    const intruder = await book({ fullName: 'Same Phone', phoneNumber: phone });
    const link = `${await grantCookie(intruder)}; ${await phoneProof(phone)}`;
    expect((await call(media(byKind.image!, `?bookingId=${intruder.id}`), { cookie: link })).status).toBe(
      404,
    );
    expect((await call(media(byKind.location!), { cookie: proven })).status).toBe(404);
    const bad = await call('/api/messages/abc/media', { cookie: proven });
    expect(bad.status).toBe(400);
    expect((await call(media(byKind.image!, '?bookingId=0'), { cookie: proven })).status).toBe(400);
  });
});
